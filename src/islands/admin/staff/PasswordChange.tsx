import { useActionState } from 'react';
import type { Dictionary } from '../../../i18n/en.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { plural } from '../../../i18n/interpolate.ts';
import { adminCall } from '../../../lib/admin/admin-client.ts';
import { showToastAfterNavigation } from '../../../lib/toast-event.ts';
import { emptyState, formStateOf, FormMessage, Input, type FormState } from '../../account/form-kit.tsx';
import Submit from '../../account/Submit.tsx';
import { useClientAction } from '../../shared/use-mounted.ts';

/**
 * /admin/account: a member changes their password (current password, new password, a code). The answer renews this
 * browser's session and ends the others; the page reloads to list what is left.
 */
export default function PasswordChange({
  locale,
  text,
  working,
}: {
  locale: Locale;
  text: Dictionary['adminAccount']['password'];
  working: string;
}) {
  const [state, action] = useActionState(async (_: FormState, form: FormData): Promise<FormState> => {
    const res = await adminCall<{ sessions_ended: number }>(locale, '/account/password', {
      method: 'POST',
      body: { current_password: form.get('current_password'), password: form.get('password'), code: form.get('code') },
    });
    if (!res.ok) return formStateOf(res);
    showToastAfterNavigation(plural(text.done, res.body.data.sessions_ended, locale));
    window.location.reload();
    return emptyState;
  }, emptyState);
  const clientAction = useClientAction(action);
  return (
    <form action={clientAction} noValidate className="max-w-md space-y-4">
      <FormMessage state={state} />
      <Input
        name="current_password"
        type="password"
        label={text.current}
        errors={state.errors}
        idPrefix="account"
        autoComplete="current-password"
      />
      <Input
        name="password"
        type="password"
        label={text.next}
        errors={state.errors}
        idPrefix="account"
        autoComplete="new-password"
      />
      <Input name="code" label={text.code} errors={state.errors} idPrefix="account" autoComplete="one-time-code" dir="ltr" />
      <Submit label={text.submit} busyLabel={working} />
    </form>
  );
}
