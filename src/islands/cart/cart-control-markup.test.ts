import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CartProduct } from '#lib/cart-math.ts';
import CartControl, { type CartControlText } from './CartControl.tsx';
import { cartControlMarkup } from './cart-control-markup.ts';

const text: CartControlText = {
  addToCart: 'Add to cart',
  outOfStock: 'Out of stock',
  quantity: 'Quantity',
  increase: 'Increase <one>',
  decrease: 'Decrease "one"',
  added: 'Added',
  removed: 'Removed',
  updated: 'Updated',
};
const product = (stock: number): CartProduct => ({
  id: 42,
  name: 'Beans & "friends"',
  price: 25000,
  beforeDiscount: null,
  images: [],
  stock,
});

// A grid's cards are hydrated in place (CardActions.tsx): their server markup must be exactly the island's first render.
describe('the card cart control drawn as a string', () => {
  it.each([
    ['in stock', 5],
    ['out of stock', 0],
  ])('is what CartControl renders on the server, %s', (_, stock) => {
    const react = renderToStaticMarkup(createElement(CartControl, { product: product(stock), text }));
    expect(cartControlMarkup(product(stock), text)).toBe(react);
  });

  it('escapes the shop texts', () => {
    expect(cartControlMarkup(product(1), text)).toContain('aria-label="Decrease &quot;one&quot;"');
  });
});
