import type { Locale } from '../../i18n/locales.ts';
import { adminCall } from '../../lib/admin/admin-client.ts';
import { localePath } from '../../i18n/routes.ts';

/** Ends the staff session on the server, then shows the sign-in page. */
export default function SignOutButton({ locale, label }: { locale: Locale; label: string }) {
  return (
    <button
      type="button"
      className="rounded-full border border-white/60 px-3 py-1 hover:bg-white/10"
      onClick={() =>
        void adminCall(locale, '/auth/logout', { method: 'POST', body: {} }).then(() =>
          window.location.assign(localePath(locale, '/admin/login')),
        )
      }
    >
      {label}
    </button>
  );
}
