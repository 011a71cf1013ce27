/**
 * On every page: waits for the session and, once it is a logged-in shopper's, loads the cart sync and the
 * wishlist (spec section 2, start-up) and wakes the wishlist hearts. Guests download nothing more than this.
 */
import { SESSION_USER_EVENT } from '#lib/session-events.ts';
import { $session } from '#stores/session.ts';

$session.subscribe(({ status }) => {
  if (status !== 'user') return;
  void import('#stores/cart-sync.ts').then((sync) => sync.startCartSync());
  window.dispatchEvent(new Event(SESSION_USER_EVENT));
  // Islands further down the page may connect after this script ran: wake them once more when idle.
  setTimeout(() => window.dispatchEvent(new Event(SESSION_USER_EVENT)), 0);
});
