import { useStore } from '@nanostores/react';
import { withTotals, type CartState } from '#lib/cart-math.ts';
import { $cart } from '#stores/cart.ts';

// What the server rendered: it has no cart. One object, so React sees a stable snapshot.
const SERVER_CART: CartState = withTotals([]);
const serverCart = () => SERVER_CART;

/**
 * $cart for an island that was rendered on the server: hydration sees the server's empty cart (no mismatch),
 * then React re-renders at once with the stored one. (The persistent atom's own `init` is already the stored
 * value in the browser, so `ssr: 'initial'` would not match the server's HTML.)
 */
export const useCart = (): CartState => useStore($cart, { ssr: serverCart });
