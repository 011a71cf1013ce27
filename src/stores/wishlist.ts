/**
 * $wishlist: the logged-in shopper's wishlist (spec sections 3 and 4), shared by every heart on the page and the
 * wishlist page. `products` as the server returns them, `ids` for the hearts, `pending` while a toggle runs.
 */
import { atom } from 'nanostores';
import { firstMessage } from '#lib/api-client.ts';
import type { ProductCard } from '#lib/types.ts';
import { shopperFetch } from '#lib/api-client.ts';

export interface WishlistState {
  products: ProductCard[];
  ids: number[];
  /** Product ids whose toggle is on its way to the server (the hearts show a loading indicator). */
  pending: number[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

const empty: WishlistState = { products: [], ids: [], pending: [], status: 'idle' };
export const $wishlist = atom<WishlistState>(empty);

/** Toggles the server has answered since the page loaded: a list read before one of them is out of date. */
let toggled = 0;
const READS = 3;

/**
 * Stores the returned products and their ids (spec: "Fetch stores returned products and ids"). A heart pressed while
 * the list was on its way (the first fetch after signing in) must not be undone by that older list: the list is read
 * again until no toggle ran or is running meanwhile.
 */
export async function fetchWishlist(): Promise<void> {
  $wishlist.set({ ...$wishlist.get(), status: 'loading' });
  for (let read = 1; ; read += 1) {
    const before = toggled;
    const res = await shopperFetch<{ data: ProductCard[] }>('/wishlist').catch(() => null);
    if (!res?.ok) {
      $wishlist.set({ ...$wishlist.get(), status: 'failed' });
      return;
    }
    const moved = toggled !== before || $wishlist.get().pending.length > 0;
    if (moved && read < READS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    const products = res.body.data;
    $wishlist.set({ ...$wishlist.get(), products, ids: products.map((p) => p.id), status: 'loaded' });
    return;
  }
}

/** Error raised by a failed toggle, carrying the message the shopper should read. */
export class WishlistError extends Error {}

/**
 * Adds the product when absent, removes it when present (spec section 4). The loading indicator runs until the
 * server answers; on failure it stops, the list is left as it was and the error goes to the caller.
 */
export async function toggleWishlist(id: number, fallbackMessage: string): Promise<boolean> {
  const withPending = (on: boolean) => {
    const pending = $wishlist.get().pending.filter((p) => p !== id);
    $wishlist.set({ ...$wishlist.get(), pending: on ? [...pending, id] : pending });
  };
  withPending(true);
  try {
    const res = await shopperFetch<{ data: { listed: boolean } }>(`/wishlist/${id}`, { method: 'POST' }).catch(() => null);
    if (!res?.ok) throw new WishlistError(firstMessage(res?.body, fallbackMessage));
    const listed = res.body.data.listed;
    toggled += 1;
    const { products, ids } = $wishlist.get();
    $wishlist.set({
      ...$wishlist.get(),
      ids: listed ? [...ids.filter((p) => p !== id), id] : ids.filter((p) => p !== id),
      // An added product's card arrives with the next fetch (the wishlist page fetches when it opens).
      products: products.filter((p) => p.id !== id || listed),
    });
    return listed;
  } finally {
    withPending(false);
  }
}

/** Logout (spec section 4): both lists cleared. */
export function resetWishlist(): void {
  $wishlist.set(empty);
}
