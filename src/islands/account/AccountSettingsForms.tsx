import { Filled } from '../shared/Filled.tsx';
import type { Locale } from '#i18n/locales.ts';
import type { SessionUser } from '#stores/session.ts';
import { type FormState } from '#kit/form-state.ts';
import { FormMessage } from '#kit/Notice.tsx';
import { Input } from '#kit/Field.tsx';
import { CodeInput, PasswordInput, StepForm } from '#kit/StepForm.tsx';
import { type AccountText } from './account-text.ts';
import { FilePicker, type FileText } from '../shared/FilePicker.tsx';
import Avatar from './Avatar.tsx';
import { SubmitButton } from '#kit/Button.tsx';

type FormAction = (form: FormData) => void;

/** Names, e-mail, mobile and photo; drawn again (the typed values forgotten) when the saved user changes. */
export function ProfileForm({
  locale,
  text,
  fileText,
  user,
  state: profile,
  action,
}: {
  locale: Locale;
  text: AccountText;
  fileText: FileText;
  user: SessionUser;
  state: FormState;
  action: FormAction;
}) {
  const p = { errors: profile.errors, idPrefix: 'profile' };
  return (
    <form action={action} noValidate className="space-y-4" key={`${user.email}${user.phone}${user.firstName}${user.lastName}`}>
      <FormMessage state={profile} />
      <div className="flex items-center gap-4">
        <Avatar user={user} size={64} />
        <div className="min-w-0 flex-1">
          <label htmlFor="profile-avatar" className="block text-sm font-semibold">
            {text.photo}
          </label>
          <FilePicker
            id="profile-avatar"
            name="avatar"
            text={fileText}
            locale={locale}
            accept="image/jpeg,image/png"
            aria-describedby="profile-avatar-hint"
          />
          <p id="profile-avatar-hint" className="mt-1 text-xs text-roast-700">
            {text.photoHint}
          </p>
          {profile.errors['avatar'] && <p className="mt-1 text-sm text-red-800">{profile.errors['avatar'].join(' ')}</p>}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input {...p} name="first_name" label={text.firstName} autoComplete="given-name" defaultValue={user.firstName} />
        <Input {...p} name="last_name" label={text.lastName} autoComplete="family-name" defaultValue={user.lastName} />
      </div>
      <Input {...p} name="email" type="email" label={text.email} autoComplete="email" defaultValue={user.email} dir="ltr" />
      <Input
        {...p}
        name="phone"
        type="tel"
        label={text.mobile}
        hint={text.mobileHint}
        autoComplete="tel"
        defaultValue={user.phone}
        dir="ltr"
      />
      <SubmitButton size="lg" wide busyLabel={text.working}>
        {text.saveProfile}
      </SubmitButton>
    </form>
  );
}

/** The code sent to a new mobile number, which replaces the old one once confirmed. */
export function PhoneCodeForm({
  text,
  pending,
  state: phoneState,
  action,
}: {
  text: AccountText;
  pending: string;
  state: FormState;
  action: FormAction;
}) {
  return (
    <StepForm
      action={action}
      state={phoneState}
      busyLabel={text.working}
      submit={text.confirmNumber}
      className="space-y-4 rounded-lg border border-roast-200 p-4"
      intro={
        <p className="text-sm">
          {/* The new number inside the sentence, in its own <bdi> so its "+" stays in front (issue 35). */}
          <Filled template={text.newMobileCode} values={{ phone: pending }} />
        </p>
      }
    >
      <CodeInput label={text.code} errors={phoneState.errors} idPrefix="phone" />
    </StepForm>
  );
}

/** The current password and the new one twice. */
export function PasswordForm({
  text,
  state: passwordState,
  action,
}: {
  text: AccountText;
  state: FormState;
  action: FormAction;
}) {
  const pw = { errors: passwordState.errors, idPrefix: 'pw' };
  return (
    <StepForm
      action={action}
      state={passwordState}
      busyLabel={text.working}
      submit={text.changePassword}
      intro={<h2 className="text-lg font-bold">{text.changePassword}</h2>}
    >
      <PasswordInput name="current_password" which="current" label={text.currentPassword} {...pw} />
      <PasswordInput which="new" label={text.newPassword} hint={text.passwordHint} {...pw} />
      <PasswordInput name="password_confirmation" which="new" label={text.confirmPassword} {...pw} />
    </StepForm>
  );
}
