/**
 * $wishlist: the logged-in shopper's wishlist (spec sections 3 and 4), shared by every heart on the page and the
 * wishlist page. `products` as the server returns them, `ids` for the hearts, `pending` while a toggle runs.
 */
import { atom } from 'nanostores';
import { firstMessage } from '../lib/api-client.ts';
import type { ProductCard } from '../lib/types.ts';
import { shopperFetch } from '../lib/api-client.ts';

export interface WishlistState {
  products: ProductCard[];
  ids: number[];
  /** Product ids whose toggle is on its way to the server (the hearts show a loading indicator). */
  pending: number[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

const empty: WishlistState = { products: [], ids: [], pending: [], status: 'idle' };
export const $wishlist = atom<WishlistState>(empty);

/** Stores the returned products and their ids (spec: "Fetch stores returned products and ids"). */
export async function fetchWishlist(): Promise<void> {
  $wishlist.set({ ...$wishlist.get(), status: 'loading' });
  const res = await shopperFetch<{ data: ProductCard[] }>('/wishlist').catch(() => null);
  if (!res?.ok) {
    $wishlist.set({ ...$wishlist.get(), status: 'failed' });
    return;
  }
  const products = res.body.data;
  $wishlist.set({ ...$wishlist.get(), products, ids: products.map((p) => p.id), status: 'loaded' });
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
