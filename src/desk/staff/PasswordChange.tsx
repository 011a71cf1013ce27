import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Side } from '#kit/admin-client.ts';
import { plural } from '#i18n/interpolate.ts';
import { SubmitButton } from '#kit/Button.tsx';
import { Input } from '#kit/Field.tsx';
import { FormMessage } from '#kit/Notice.tsx';
import { PasswordInput } from '#kit/StepForm.tsx';
import { useDeskAction } from '#kit/use-desk-action.ts';

/**
 * /admin/account: a member changes their password (current password, new password, a code). The answer renews this
 * browser's session and ends the others; the page is drawn again (useDeskAction without a refresh) to list what is left.
 */
export default function PasswordChange({
  locale,
  side = 'admin',
  text,
  working,
}: {
  locale: Locale;
  /** The seller portal's account page (/seller/account, issue 50) draws it too, writing to /api/seller. */
  side?: Side;
  text: Dictionary['adminAccount']['password'];
  working: string;
}) {
  const changing = useDeskAction<{ sessions_ended: number }>({
    locale,
    side,
    done: (data) => plural(text.done, data.sessions_ended, locale),
  });
  const { state } = changing;
  // Passwords are read from the form itself: typedValues leaves them out of what a refusal keeps.
  const change = (form: FormData) =>
    changing.run(
      {
        path: '/account/password',
        body: { current_password: form.get('current_password'), password: form.get('password'), code: form.get('code') },
      },
      {},
    );
  return (
    <form onSubmit={changing.onSubmit(change)} noValidate className="max-w-md space-y-4">
      <FormMessage state={state} />
      <PasswordInput name="current_password" which="current" label={text.current} errors={state.errors} idPrefix="account" />
      <PasswordInput which="new" label={text.next} errors={state.errors} idPrefix="account" />
      <Input name="code" label={text.code} errors={state.errors} idPrefix="account" autoComplete="one-time-code" dir="ltr" />
      <SubmitButton busy={changing.busy} busyLabel={working}>
        {text.submit}
      </SubmitButton>
    </form>
  );
}
