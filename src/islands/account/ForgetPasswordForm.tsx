import { apiFetch } from '#lib/api-client.ts';
import { useActionState, useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { showToast, showToastAfterNavigation } from '#lib/toast-event.ts';
import { withFormState, emptyState, typedValues, type FormState } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { Input } from '#kit/Field.tsx';
import { type AccountText } from './account-text.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { useClientAction } from '../shared/use-mounted.ts';

/** /forget-password: a code to the phone, then the code with a new password ('Password changed successfully'). */
export default function ForgetPasswordForm({ locale, text }: { locale: Locale; text: AccountText }) {
  const [phone, setPhone] = useState<string | null>(null);
  const [state, action] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    if (phone === null) {
      const res = await withFormState(
        apiFetch<{ data: { phone: string } }>('/auth/forget-password', {
          locale,
          method: 'POST',
          body: { phone: form.get('phone') },
        }),
      );
      if (!res.ok) return { ...res.state, values: typedValues(form) };
      showToast(text.codeSent);
      setPhone(res.body.data.phone);
      return emptyState;
    }
    const res = await withFormState(
      apiFetch<{ data: unknown }>('/auth/reset-password', {
        locale,
        method: 'POST',
        body: { ...Object.fromEntries(form), phone },
      }),
    );
    if (!res.ok) return { ...res.state, values: typedValues(form) };
    showToastAfterNavigation(text.passwordChanged);
    window.location.assign(localePath(locale, '/login'));
    return emptyState;
  }, emptyState);
  const p = { errors: state.errors, idPrefix: 'reset' };
  const clientAction = useClientAction(action);
  return (
    <form action={clientAction} noValidate className="space-y-4">
      <FormMessage state={state} />
      {phone === null ? (
        <>
          <Input
            {...p}
            name="phone"
            type="tel"
            label={text.mobile}
            hint={text.mobileHint}
            autoComplete="tel"
            defaultValue={state.values?.['phone']}
            dir="ltr"
          />
          <SubmitButton size="lg" wide busyLabel={text.working}>
            {text.sendCode}
          </SubmitButton>
        </>
      ) : (
        <>
          <p className="text-sm text-roast-700" role="status">
            {text.codeSent}: <bdi dir="ltr">{phone}</bdi>
          </p>
          <Input {...p} name="code" label={text.code} autoComplete="one-time-code" inputMode="numeric" dir="ltr" />
          <Input
            {...p}
            name="password"
            type="password"
            label={text.newPassword}
            hint={text.passwordHint}
            autoComplete="new-password"
          />
          <Input {...p} name="password_confirmation" type="password" label={text.confirmPassword} autoComplete="new-password" />
          <SubmitButton size="lg" wide busyLabel={text.working}>
            {text.savePassword}
          </SubmitButton>
        </>
      )}
    </form>
  );
}
