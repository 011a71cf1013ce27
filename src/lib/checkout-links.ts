import type { Locale } from '../i18n/locales.ts';
import { localePath } from '../i18n/routes.ts';

/** The payment step's route name and path (spec section 2: checkout-checkout-payment). */
export const PAYMENT_ROUTE = { name: 'checkout-checkout-payment', path: '/checkout/checkout-payment' } as const;

/** /login with routeBack (the route name to return to) and routeParams (JSON of its params), spec section 2. */
export function loginPath(locale: Locale, routeBack: string, routeParams: Record<string, string> = {}): string {
  const query = new URLSearchParams({ routeBack, routeParams: JSON.stringify(routeParams) });
  return `${localePath(locale, '/login')}?${query.toString()}`;
}

/** Where the cart's checkout button leads: the payment step, or login first for a guest. */
export const checkoutHref = (locale: Locale, loggedIn: boolean): string =>
  loggedIn ? localePath(locale, PAYMENT_ROUTE.path) : loginPath(locale, PAYMENT_ROUTE.name);
