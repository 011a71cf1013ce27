import type { Dictionary } from '#i18n/en.ts';
import type { HeartText } from './WishlistHeart.tsx';

/** A wishlist heart's texts (WishlistHeart.tsx), from the page's dictionary. */
export function heartText(t: Dictionary): HeartText {
  const w = t.wishlist;
  return { add: w.add, remove: w.remove, loginFirst: w.loginFirst, added: w.added, removed: w.removed, failed: w.failed };
}
