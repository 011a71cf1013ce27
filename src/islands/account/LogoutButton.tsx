import type { Locale } from '#i18n/locales.ts';
import { logOutAndGoHome } from './log-out.ts';

/** The account side menu's logout entry: drawn on the server, hydrated on intent (a tap before that is replayed). */
export default function LogoutButton({ locale, label, className }: { locale: Locale; label: string; className?: string }) {
  return (
    <button type="button" onClick={() => void logOutAndGoHome(locale)} className={className} data-logout>
      {label}
    </button>
  );
}
