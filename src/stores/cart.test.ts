import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { CartProduct } from '#lib/cart-math.ts';
import {
  $cart,
  addToCart,
  changeCartQuantity,
  COUNTER_THROTTLE_MS,
  removeFromCart,
  replaceCart,
  resetCart,
  stepCart,
} from './cart.ts';

const beans: CartProduct = { id: 7, name: 'Beans', price: 25_000, beforeDiscount: null, images: [], stock: 2 };
const mug: CartProduct = { id: 8, name: 'Mug', price: 9_950, beforeDiscount: 12_000, images: [], stock: 9 };
let unmount: () => void;

beforeAll(() => {
  useTestStorageEngine();
  // Mounted, the store listens for other tabs the way a page's islands keep it mounted.
  unmount = $cart.listen(() => {});
  vi.useFakeTimers();
});
afterAll(() => {
  unmount();
  vi.useRealTimers();
});
beforeEach(() => {
  resetCart();
  cleanTestStorage();
  // Every test starts outside any earlier throttle window.
  vi.advanceTimersByTime(COUNTER_THROTTLE_MS);
});

describe('$cart actions', () => {
  test('add, change quantity, remove and reset keep the totals and the storage mirror', () => {
    addToCart(beans);
    addToCart(mug, 3);
    expect($cart.get()).toMatchObject({ sub_total: 25_000 + 3 * 9_950, total: 25_000 + 3 * 9_950, totalItems: 4 });
    changeCartQuantity(mug.id, 1);
    expect($cart.get().total).toBe(25_000 + 9_950);
    expect(JSON.parse(getTestStorage()['cart']!).cartsProducts).toHaveLength(2);
    removeFromCart(beans.id);
    expect($cart.get().cartsProducts.map((l) => l.product.id)).toEqual([mug.id]);
    resetCart();
    expect($cart.get()).toMatchObject({ cartsProducts: [], sub_total: 0, total: 0, totalItems: 0 });
  });

  test('quantities stay within the stock', () => {
    addToCart(beans, 5);
    expect($cart.get().cartsProducts[0]?.quantity).toBe(2);
    changeCartQuantity(beans.id, 3);
    expect($cart.get().cartsProducts[0]?.quantity).toBe(2);
    addToCart({ ...mug, stock: 0 });
    expect($cart.get().cartsProducts).toHaveLength(1);
  });

  test('counter clicks: add, plus up to the stock, minus down to 0 removes the line', () => {
    expect(stepCart(beans, 1)).toBe('added');
    vi.advanceTimersByTime(COUNTER_THROTTLE_MS);
    expect(stepCart(beans, 1)).toBe('updated');
    vi.advanceTimersByTime(COUNTER_THROTTLE_MS);
    // At the stock the plus is a no-op (the control hides it).
    expect(stepCart(beans, 1)).toBeNull();
    expect($cart.get().cartsProducts[0]?.quantity).toBe(2);
    vi.advanceTimersByTime(COUNTER_THROTTLE_MS);
    expect(stepCart(beans, -1)).toBe('updated');
    vi.advanceTimersByTime(COUNTER_THROTTLE_MS);
    expect(stepCart(beans, -1)).toBe('removed');
    expect($cart.get().cartsProducts).toEqual([]);
    vi.advanceTimersByTime(COUNTER_THROTTLE_MS);
    expect(stepCart({ ...mug, stock: 0 }, 1)).toBeNull();
  });

  test('counter clicks on one product are throttled at 500 ms; other products are not held back', () => {
    expect(stepCart(mug, 1)).toBe('added');
    vi.advanceTimersByTime(COUNTER_THROTTLE_MS - 1);
    expect(stepCart(mug, 1)).toBeNull();
    expect(stepCart(beans, 1)).toBe('added');
    expect($cart.get().cartsProducts.map((l) => l.quantity)).toEqual([1, 1]);
    vi.advanceTimersByTime(1);
    expect(stepCart(mug, 1)).toBe('updated');
    expect($cart.get().cartsProducts[0]?.quantity).toBe(2);
  });

  test('a change in another tab replaces the cart and recomputes, repairing what it cannot trust', () => {
    addToCart(mug);
    const other = {
      cartsProducts: [
        { product: beans, quantity: 2 },
        { product: { ...mug, price: 0 }, quantity: 1 },
      ],
      sub_total: 5,
    };
    setTestStorageKey('cart', JSON.stringify(other));
    expect($cart.get()).toMatchObject({ sub_total: 50_000, total: 50_000, totalItems: 2 });
    expect($cart.get().cartsProducts.map((l) => l.product.id)).toEqual([beans.id]);
    setTestStorageKey('cart', '{not json');
    expect($cart.get().cartsProducts).toEqual([]);
  });

  test('replaceCart keeps the invariants of the lines it is given', () => {
    replaceCart([{ product: beans, quantity: 1 }]);
    expect($cart.get()).toMatchObject({ sub_total: 25_000, total: 25_000, totalItems: 1, isLoading: false });
  });
});
