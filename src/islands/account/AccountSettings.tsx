import { useStore } from '@nanostores/react';
import type { Locale } from '#i18n/locales.ts';
import { $session } from '#stores/session.ts';
import { type AccountText } from './account-text.ts';
import { type FileText } from '../shared/FilePicker.tsx';
import { PasswordForm, PhoneCodeForm, ProfileForm } from './AccountSettingsForms.tsx';
import { useAccountForms } from './use-account-forms.ts';

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
  const forms = useAccountForms(locale, text);

  if (status !== 'user' || !user)
    return (
      <p className="min-h-96 text-roast-700" role="status">
        {loadingText}
      </p>
    );
  return (
    <div className="space-y-10">
      <ProfileForm locale={locale} text={text} fileText={fileText} user={user} state={forms.profile} action={forms.saveProfile} />
      {forms.pending && (
        <PhoneCodeForm text={text} pending={forms.pending} state={forms.phoneState} action={forms.confirmPhone} />
      )}
      <PasswordForm text={text} state={forms.passwordState} action={forms.changePassword} />
    </div>
  );
}
