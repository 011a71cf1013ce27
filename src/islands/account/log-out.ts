import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { logoutSession } from '#lib/auth-client.ts';
import { resetCart } from '#stores/cart.ts';

/**
 * Spec section 4: logout clears the session, resets the cart configuration and the wishlist, then goes home.
 * One path for every logout button (the navbar's account menu and the account pages' side menu).
 */
export async function logOutAndGoHome(locale: Locale): Promise<void> {
  await logoutSession(locale);
  resetCart();
  window.location.assign(localePath(locale, '/'));
}
