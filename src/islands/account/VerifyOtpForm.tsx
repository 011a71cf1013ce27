import { apiFetch } from '#lib/api-client.ts';
import { useActionState, useEffect, useState } from 'react';
import { interpolate, interpolateParts } from '#i18n/interpolate.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { adoptSession } from '#lib/auth-client.ts';
import { showToast, showToastAfterNavigation } from '#lib/toast-event.ts';
import { withFormState, emptyState, type FormState } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { Input } from '#kit/Field.tsx';
import { type AccountText } from './account-text.ts';
import { VERIFY_PHONE_KEY } from './SignUpForm.tsx';
import { SubmitButton } from '#kit/Button.tsx';
import { useClientAction } from '../shared/use-mounted.ts';

const COOLDOWN = 60;

/** /verify-otp: the 6-digit code ('Invalid Code' when wrong); 'not arrived' asks for a new one after the cool-down. */
export default function VerifyOtpForm({ locale, text }: { locale: Locale; text: AccountText }) {
  const [phone, setPhone] = useState('');
  // No countdown until a code was sent: opened directly (no number from sign-up), nothing was (issue 20).
  const [wait, setWait] = useState(0);
  useEffect(() => {
    const sentTo = sessionStorage.getItem(VERIFY_PHONE_KEY) ?? '';
    setPhone(sentTo);
    if (sentTo) setWait(COOLDOWN);
  }, []);
  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const [state, action] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    const res = await withFormState(
      apiFetch<{ data: Parameters<typeof adoptSession>[0] }>('/auth/verify-otp', {
        locale,
        method: 'POST',
        body: {
          phone: form.get('phone'),
          code: form.get('code'),
        },
      }),
    );
    if (!res.ok) return { ...res.state, values: { phone: String(form.get('phone')) } };
    adoptSession(res.body.data);
    sessionStorage.removeItem(VERIFY_PHONE_KEY);
    showToastAfterNavigation(text.accountCreated);
    window.location.assign(localePath(locale, '/'));
    return emptyState;
  }, emptyState);

  async function resend() {
    const res = await withFormState(
      apiFetch<{ data: unknown }>('/auth/resend-code', { locale, method: 'POST', body: { phone, purpose: 'signup' } }),
    );
    showToast(res.ok ? text.codeSent : res.state.message || text.errors.smsFailed, res.ok ? 'success' : 'error');
    if (res.ok) setWait(COOLDOWN);
  }

  const clientAction = useClientAction(action);
  return (
    <form action={clientAction} noValidate className="space-y-4">
      {phone && (
        <p className="text-sm text-roast-700" data-verify-intro>
          {/* The number in its own left-to-right run that never breaks; the sentence's full stop stays after it. */}
          {interpolateParts(text.verifyIntro, { phone }).map((part, i) =>
            typeof part === 'string' ? (
              // A no-break space before the number keeps it on the line of the word that leads to it.
              part.replace(/ $/, '\u00a0')
            ) : (
              <bdi key={i} dir="ltr" className="whitespace-nowrap">
                {part.value}
              </bdi>
            ),
          )}
        </p>
      )}
      <FormMessage state={state} />
      {phone ? (
        <input type="hidden" name="phone" value={phone} />
      ) : (
        <Input name="phone" type="tel" label={text.mobile} errors={state.errors} idPrefix="verify" dir="ltr" />
      )}
      <Input
        name="code"
        label={text.code}
        errors={state.errors}
        idPrefix="verify"
        autoComplete="one-time-code"
        inputMode="numeric"
        dir="ltr"
      />
      <SubmitButton size="lg" wide busyLabel={text.working}>
        {text.verify}
      </SubmitButton>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <button
          type="button"
          onClick={resend}
          disabled={wait > 0 || !phone}
          className="font-semibold text-roast-700 underline disabled:no-underline disabled:opacity-60"
        >
          {text.notArrived}
        </button>
        {wait > 0 && <span className="text-roast-700">{interpolate(text.resendIn, { seconds: wait })}</span>}
      </p>
    </form>
  );
}
