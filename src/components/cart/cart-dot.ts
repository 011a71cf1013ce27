/**
 * The mini-cart's dot before (and without) React: <html data-cart-items="N"> from the stored cart, kept in step
 * with this tab's store (its change event carries the line count) and other tabs (storage events). CSS hides the
 * dot when the attribute is absent. Deliberately free of nanostores: it runs on every page.
 */
import { decodeCart } from '#lib/cart-decode.ts';
import { CART_CHANGE_EVENT, CART_STORAGE_KEY } from '#lib/cart-math.ts';

const root = document.documentElement;

function stored(): string | null {
  try {
    return localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

function show(lines: number) {
  if (lines > 0) root.dataset['cartItems'] = String(lines);
  else delete root.dataset['cartItems'];
  document.querySelector('[data-mini-cart]')?.setAttribute('data-ready', '');
}

const fromStorage = () => show(decodeCart(stored()).cartsProducts.length);

fromStorage();
window.addEventListener(CART_CHANGE_EVENT, (event) => show(Number((event as CustomEvent<number>).detail) || 0));
window.addEventListener('storage', (event) => {
  if (event.key === CART_STORAGE_KEY || event.key === null) fromStorage();
});
// Back/forward cache restores a page whose cart may have changed meanwhile.
window.addEventListener('pageshow', fromStorage);
