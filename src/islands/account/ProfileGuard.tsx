import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '#i18n/locales.ts';
import { goToLoginOnce } from '#lib/checkout-links.ts';
import { $session } from '#stores/session.ts';

/** Profile pages need a shopper: a guest goes to /login with routeBack naming this page (spec section 2). */
export default function ProfileGuard({ locale, routeName }: { locale: Locale; routeName: string }) {
  const { status } = useStore($session);
  useEffect(() => {
    if (status === 'guest') goToLoginOnce(locale, routeName);
  }, [status, locale, routeName]);
  return null;
}
