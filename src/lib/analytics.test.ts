import { afterEach, expect, test } from 'vitest';
import { cartChangeEvents, toItem, track } from './analytics.ts';
import type { CartLine } from './cart-math.ts';

const line = (id: number, quantity: number, price = 12550): CartLine => ({
  product: { id, name: `Coffee ${id}`, price, beforeDiscount: null, images: [], stock: 10 },
  quantity,
});

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

test('a shopper action becomes add_to_cart / remove_from_cart with the quantities it changed, prices in pounds', () => {
  expect(cartChangeEvents([line(1, 1)], [line(1, 3), line(2, 1)])).toEqual([
    { event: 'add_to_cart', items: [toItem(1, 'Coffee 1', 12550, 2), toItem(2, 'Coffee 2', 12550, 1)] },
  ]);
  expect(cartChangeEvents([line(1, 3), line(2, 1)], [line(1, 1)])).toEqual([
    { event: 'remove_from_cart', items: [toItem(1, 'Coffee 1', 12550, 2), toItem(2, 'Coffee 2', 12550, 1)] },
  ]);
  expect(cartChangeEvents([line(1, 2)], [line(1, 2)])).toEqual([]);
  expect(toItem(1, 'x', 12550).price).toBe(125.5);
});

test('track pushes a cleared ecommerce object, then the event with its EGP value', () => {
  const window = { dataLayer: [] as unknown[] };
  (globalThis as { window?: unknown }).window = window;
  track('add_to_cart', [toItem(7, 'Beans', 12550, 2)]);
  expect(window.dataLayer).toEqual([
    { ecommerce: null },
    { event: 'add_to_cart', ecommerce: { currency: 'EGP', value: 251, items: [toItem(7, 'Beans', 12550, 2)] } },
  ]);
});
