/** Window event fired when the page's session becomes a logged-in shopper's: wakes the wishlist hearts. */
export const SESSION_USER_EVENT = 'app:session-user';
