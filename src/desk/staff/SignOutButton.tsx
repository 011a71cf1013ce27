import type { Locale } from '#i18n/locales.ts';
import { adminCall, type Side } from '#kit/admin-client.ts';
import { localePath } from '#i18n/routes.ts';

/** Ends the staff (or seller: `side`) session on the server, then shows the sign-in page. */
export default function SignOutButton({ locale, label, side = 'admin' }: { locale: Locale; label: string; side?: Side }) {
  return (
    <button
      type="button"
      className="rounded-full border border-white/60 px-3 py-1 hover:bg-white/10"
      onClick={() =>
        void adminCall(locale, '/auth/logout', { method: 'POST', body: {}, side }).then(() =>
          window.location.assign(localePath(locale, `/${side}/login`)),
        )
      }
    >
      {label}
    </button>
  );
}
