import { useStore } from '@nanostores/react';
import { interpolate } from '#i18n/interpolate.ts';
import { showToast } from '#lib/toast-event.ts';
import { $session } from '#stores/session.ts';
import { $wishlist, toggleWishlist, WishlistError } from '#stores/wishlist.ts';
import { useMounted } from '../shared/use-mounted.ts';

export interface HeartText {
  add: string;
  remove: string;
  loginFirst: string;
  added: string;
  removed: string;
  failed: string;
}

interface Props {
  productId: number;
  name: string;
  text: HeartText;
  /** Product page: shown to guests too, whose toggle says 'You Should Login First'. Cards: logged-in shoppers only. */
  forGuests?: boolean;
  className?: string;
  /** Asked before a listed product is removed (the wishlist page, where removing makes the card vanish). */
  confirmRemoval?: () => Promise<boolean>;
}

/**
 * The wishlist heart (spec section 4): toggles through $wishlist, shared by every heart on the page. A loading
 * indicator runs while the server answers; a failure stops it and reaches the shopper as a toast.
 */
export default function WishlistHeart({ productId, name, text, forGuests = false, className = '', confirmRemoval }: Props) {
  const session = useStore($session);
  const wishlist = useStore($wishlist);
  const mounted = useMounted();
  const loggedIn = mounted && session.status === 'user';
  if (!loggedIn && !forGuests) return null;
  const listed = loggedIn && wishlist.ids.includes(productId);
  const pending = loggedIn && wishlist.pending.includes(productId);

  const onClick = async () => {
    if ($session.get().status !== 'user') {
      showToast(text.loginFirst, 'error');
      return;
    }
    if (confirmRemoval && $wishlist.get().ids.includes(productId) && !(await confirmRemoval())) return;
    try {
      showToast((await toggleWishlist(productId, text.failed)) ? text.added : text.removed);
    } catch (error) {
      showToast(error instanceof WishlistError ? error.message : text.failed, 'error');
    }
  };

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      aria-pressed={listed}
      aria-busy={pending}
      disabled={pending}
      aria-label={interpolate(listed ? text.remove : text.add, { name })}
      data-wishlist-heart={productId}
      className={`grid h-9 w-9 place-items-center rounded-full bg-white/90 text-crema shadow hover:bg-white disabled:cursor-wait ${className}`}
    >
      {pending ? (
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" data-wishlist-pending />
      ) : (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 5.3 3 1.7-1.8 3.2-3 5.3-3 3.7 0 5.7 3.9 4.3 7.2C19.5 16.4 12 21 12 21z"
            fill={listed ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      )}
    </button>
  );
}
