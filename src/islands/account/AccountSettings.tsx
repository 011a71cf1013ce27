import { useStore } from '@nanostores/react';
import { useActionState, useState } from 'react';
import { interpolate } from '../../i18n/interpolate.ts';
import type { Locale } from '../../i18n/locales.ts';
import { shopperFetch } from '../../lib/api-client.ts';
import { toSessionUser, type ApiUser } from '../../lib/auth-client.ts';
import { showToast } from '../../lib/toast-event.ts';
import { $session, setSession } from '../../stores/session.ts';
import { withFormState, emptyState, type FormState } from '../kit/form-state.ts';
import { FormMessage } from '../kit/Notice.tsx';
import { Input } from '../kit/Field.tsx';
import { type AccountText } from './account-text.ts';
import { FilePicker, type FileText } from '../shared/FilePicker.tsx';
import Avatar from './Avatar.tsx';
import { SubmitButton } from '../kit/Button.tsx';

/** /profile/account-setting: names, e-mail, mobile (confirmed by code), photo, and the password. */
export default function AccountSettings({
  locale,
  text,
  loadingText,
  fileText,
}: {
  locale: Locale;
  text: AccountText;
  fileText: FileText;
  /** Said while the shopper's data loads (the page's own fallback says the same before hydration). */
  loadingText: string;
}) {
  const { user, status } = useStore($session);
  const [pending, setPending] = useState<string | null>(null);

  const [profile, saveProfile] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    const photo = form.get('avatar');
    if (photo instanceof File && photo.size === 0) form.delete('avatar');
    // Multipart: the photo travels as a file; empty fields mean "unchanged".
    const res = await withFormState(
      shopperFetch<{ data: ApiUser & { pending_phone: string | null } }>('/auth/updateProfile', {
        locale,
        method: 'POST',
        body: form,
      }),
    );
    if (!res.ok || !res.body.data) return res.state;
    setSession(toSessionUser(res.body.data));
    setPending(res.body.data.pending_phone);
    showToast(res.body.message ?? text.profileSaved);
    return emptyState;
  }, emptyState);

  const [phoneState, confirmPhone] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    const res = await withFormState(
      shopperFetch<{ data: ApiUser }>('/auth/verify-phone', { locale, method: 'POST', body: { code: form.get('code') } }),
    );
    if (!res.ok) return res.state;
    setSession(toSessionUser(res.body.data));
    setPending(null);
    showToast(text.phoneChanged);
    return emptyState;
  }, emptyState);

  const [passwordState, changePassword] = useActionState(async (_prev: FormState, form: FormData): Promise<FormState> => {
    const res = await withFormState(
      shopperFetch<{ data: ApiUser }>('/auth/updateProfile', { locale, method: 'POST', body: Object.fromEntries(form) }),
    );
    if (!res.ok) return res.state;
    showToast(text.passwordChanged);
    return emptyState;
  }, emptyState);

  if (status !== 'user' || !user)
    return (
      <p className="min-h-96 text-roast-700" role="status">
        {loadingText}
      </p>
    );
  const p = { errors: profile.errors, idPrefix: 'profile' };
  return (
    <div className="space-y-10">
      <form
        action={saveProfile}
        noValidate
        className="space-y-4"
        key={`${user.email}${user.phone}${user.firstName}${user.lastName}`}
      >
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

      {pending && (
        <form action={confirmPhone} noValidate className="space-y-4 rounded-lg border border-roast-200 p-4">
          <p className="text-sm">
            {interpolate(text.newMobileCode, { phone: '' })}
            <bdi dir="ltr">{pending}</bdi>
          </p>
          <FormMessage state={phoneState} />
          <Input
            name="code"
            label={text.code}
            errors={phoneState.errors}
            idPrefix="phone"
            autoComplete="one-time-code"
            inputMode="numeric"
            dir="ltr"
          />
          <SubmitButton size="lg" wide busyLabel={text.working}>
            {text.confirmNumber}
          </SubmitButton>
        </form>
      )}

      <form action={changePassword} noValidate className="space-y-4">
        <h2 className="text-lg font-bold">{text.changePassword}</h2>
        <FormMessage state={passwordState} />
        <Input
          name="current_password"
          type="password"
          label={text.currentPassword}
          errors={passwordState.errors}
          idPrefix="pw"
          autoComplete="current-password"
        />
        <Input
          name="password"
          type="password"
          label={text.newPassword}
          hint={text.passwordHint}
          errors={passwordState.errors}
          idPrefix="pw"
          autoComplete="new-password"
        />
        <Input
          name="password_confirmation"
          type="password"
          label={text.confirmPassword}
          errors={passwordState.errors}
          idPrefix="pw"
          autoComplete="new-password"
        />
        <SubmitButton size="lg" wide busyLabel={text.working}>
          {text.changePassword}
        </SubmitButton>
      </form>
    </div>
  );
}
