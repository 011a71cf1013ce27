import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';

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

let leaving = false;

/**
 * Sends a guest to /login once per page, replacing the page in history: a profile page has two islands that each
 * notice the guest (the guard and the data loader), and a second navigation would add a history entry that Back
 * returns to, only to be redirected again (issue 20).
 */
export function goToLoginOnce(locale: Locale, routeBack: string): void {
  if (leaving) return;
  leaving = true;
  window.location.replace(loginPath(locale, routeBack));
}
