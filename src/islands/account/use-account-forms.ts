import { useActionState, useState } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { shopperFetch } from '#lib/api-client.ts';
import { toSessionUser, type ApiUser } from '#lib/auth-client.ts';
import { showToast } from '#lib/toast-event.ts';
import { setSession } from '#stores/session.ts';
import { withFormState, emptyState, type FormState } from '#kit/form-state.ts';
import { type AccountText } from './account-text.ts';

/** The account page's three forms: the profile (and the number waiting for its code), the code, and the password. */
export function useAccountForms(locale: Locale, text: AccountText) {
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

  return { pending, profile, saveProfile, phoneState, confirmPhone, passwordState, changePassword };
}
