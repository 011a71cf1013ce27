import { apiFetch } from '#lib/api-client.ts';
import { useActionState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { showToastAfterNavigation } from '#lib/toast-event.ts';
import { withFormState, emptyState, typedValues, type FormState } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { Input } from '#kit/Field.tsx';
import { type AccountText } from './account-text.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { useClientAction } from '../shared/use-mounted.ts';

export const VERIFY_PHONE_KEY = 'bb_verify_phone';

/** /sign-up: the API checks everything (phone forms, common passwords) and sends the code. */
export default function SignUpForm({ locale, text }: { locale: Locale; text: AccountText }) {
  const [state, action] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    const values = typedValues(form);
    const res = await withFormState(
      apiFetch<{ data: { phone: string } }>('/auth/register', { locale, method: 'POST', body: Object.fromEntries(form) }),
    );
    // 503: the account is saved but the SMS did not leave; the code page offers a new one at once.
    if (res.ok || res.status === 503) {
      const phone = res.ok ? res.body.data.phone : String(form.get('phone'));
      sessionStorage.setItem(VERIFY_PHONE_KEY, phone);
      showToastAfterNavigation(
        res.ok ? text.codeSent : (res.state.message ?? text.errors.smsFailed),
        res.ok ? 'success' : 'error',
      );
      window.location.assign(localePath(locale, '/verify-otp'));
      return { errors: {}, values };
    }
    return { ...res.state, values };
  }, emptyState);
  const v = state.values ?? {};
  const p = { errors: state.errors, idPrefix: 'signup' };
  const clientAction = useClientAction(action);
  return (
    <form action={clientAction} noValidate className="space-y-4">
      <FormMessage state={state} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input {...p} name="first_name" label={text.firstName} autoComplete="given-name" defaultValue={v['first_name']} />
        <Input {...p} name="last_name" label={text.lastName} autoComplete="family-name" defaultValue={v['last_name']} />
      </div>
      <Input {...p} name="email" type="email" label={text.email} autoComplete="email" defaultValue={v['email']} dir="ltr" />
      <Input
        {...p}
        name="phone"
        type="tel"
        label={text.mobile}
        hint={text.mobileHint}
        autoComplete="tel"
        defaultValue={v['phone']}
        dir="ltr"
      />
      <Input {...p} name="password" type="password" label={text.password} hint={text.passwordHint} autoComplete="new-password" />
      <Input {...p} name="password_confirmation" type="password" label={text.confirmPassword} autoComplete="new-password" />
      <SubmitButton size="lg" wide busyLabel={text.working}>
        {text.createAccount}
      </SubmitButton>
    </form>
  );
}
