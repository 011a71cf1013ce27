/**
 * $cart: the shopper's cart, mirrored in localStorage under `cart` and replaced when another tab changes it
 * (spec section 4). Guests keep it locally only; the account sync (src/stores/cart-sync.ts: send after each change,
 * merge on fetch with src/lib/cart-merge.ts) subscribes to this store.
 */
import { cartChangeEvents, track } from '#lib/analytics.ts';
import { persistentAtom } from '@nanostores/persistent';
import { decodeCart } from '#lib/cart-decode.ts';
import {
  addLine,
  CART_CHANGE_EVENT,
  CART_STORAGE_KEY,
  quantityOf,
  removeLine,
  setLineQuantity,
  withTotals,
  type CartLine,
  type CartProduct,
  type CartState,
} from '#lib/cart-math.ts';
import { keyedThrottle } from '#lib/throttle.ts';

/** Counter clicks per product are throttled at 500 ms (spec section 9). */
export const COUNTER_THROTTLE_MS = 500;

export const $cart = persistentAtom<CartState>(CART_STORAGE_KEY, withTotals([]), {
  encode: JSON.stringify,
  decode: decodeCart,
});

const commit = (lines: CartLine[]) => $cart.set(withTotals(lines, $cart.get().isLoading));

if (typeof window !== 'undefined') {
  // The mini-cart's dot (cart-dot.ts, React-free) follows this tab through this event.
  $cart.listen((cart) => window.dispatchEvent(new CustomEvent(CART_CHANGE_EVENT, { detail: cart.cartsProducts.length })));
  // A hand-edited or corrupted value is rewritten in its repaired form, so every reader sees the same cart.
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (raw !== null && raw !== JSON.stringify($cart.get())) commit($cart.get().cartsProducts);
  } catch {
    // Storage blocked (privacy mode): the cart lives in memory for this page.
  }
}

/** A shopper's own change: committed, then told to the data layer (add_to_cart / remove_from_cart). */
function commitByShopper(next: CartLine[]): void {
  const before = $cart.get().cartsProducts;
  commit(next);
  if (__GTM_ID__) for (const { event, items } of cartChangeEvents(before, $cart.get().cartsProducts)) track(event, items);
}

export function addToCart(product: CartProduct, quantity = 1): void {
  commitByShopper(addLine($cart.get().cartsProducts, product, quantity));
}

export function removeFromCart(productId: number): void {
  commitByShopper(removeLine($cart.get().cartsProducts, productId));
}

export function changeCartQuantity(productId: number, quantity: number): void {
  commitByShopper(setLineQuantity($cart.get().cartsProducts, productId, quantity));
}

/** Replaces every line (live prices, or the server's cart once accounts exist). */
export function replaceCart(lines: CartLine[]): void {
  commit(lines);
}

export function resetCart(): void {
  commit([]);
}

export function setCartLoading(isLoading: boolean): void {
  $cart.set({ ...$cart.get(), isLoading });
}

export type CartStep = 'added' | 'removed' | 'updated';
const allowClick = keyedThrottle(COUNTER_THROTTLE_MS);

/**
 * One counter click: +1 (adds the product when absent) or -1 (removes the line at 0). Clicks on the same
 * product within 500 ms, and steps the stock does not allow, change nothing and return null.
 */
export function stepCart(product: CartProduct, delta: 1 | -1): CartStep | null {
  const before = quantityOf($cart.get().cartsProducts, product.id);
  if (!allowClick(product.id)) return null;
  if (before === 0) {
    if (delta < 0) return null;
    addToCart(product);
  } else changeCartQuantity(product.id, before + delta);
  const after = quantityOf($cart.get().cartsProducts, product.id);
  if (after === before) return null;
  return before === 0 ? 'added' : after === 0 ? 'removed' : 'updated';
}
