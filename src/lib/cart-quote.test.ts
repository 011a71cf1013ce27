import { describe, expect, test } from 'vitest';
import type { CartLine, CartProduct } from './cart-math.ts';
import { canCheckout, reconcile } from './cart-quote.ts';

const p = (id: number, price: number, stock: number): CartProduct => ({
  id,
  name: `P${id}`,
  price,
  beforeDiscount: null,
  images: [],
  stock,
});
const line = (product: CartProduct, quantity: number): CartLine => ({ product, quantity });

describe('applying live prices', () => {
  const local = [line(p(1, 1000, 5), 2), line(p(2, 500, 5), 4), line(p(3, 700, 5), 1), line(p(4, 900, 5), 1)];
  const quoted = [line(p(1, 1200, 5), 2), line(p(2, 500, 3), 3), line(p(3, 700, 0), 1)];
  const result = reconcile(local, { items: quoted, unknown_ids: [4] });

  test('a changed price is taken and noted with the old one', () => {
    expect(result.lines[0]?.product.price).toBe(1200);
    expect(result.notices[1]).toEqual([{ kind: 'priceChanged', from: 1000, to: 1200 }]);
  });

  test('a quantity above the new stock is lowered with a notice', () => {
    expect(result.lines[1]?.quantity).toBe(3);
    expect(result.notices[2]).toEqual([{ kind: 'lowered', from: 4, to: 3 }]);
  });

  test('a line now out of stock stays, flagged, and blocks checkout', () => {
    expect(result.lines[2]).toMatchObject({ quantity: 1, product: { stock: 0 } });
    expect(result.notices[3]).toEqual([{ kind: 'outOfStock' }]);
    expect(canCheckout(result.lines)).toBe(false);
    expect(canCheckout(result.lines.filter((l) => l.product.stock > 0))).toBe(true);
    expect(canCheckout([])).toBe(false);
  });

  test('a product the catalog no longer knows is removed', () => {
    expect(result.removed.map((l) => l.product.id)).toEqual([4]);
    expect(result.lines.map((l) => l.product.id)).toEqual([1, 2, 3]);
  });

  test('a line added while the quote was on its way is kept unchanged', () => {
    const later = reconcile([line(p(1, 1000, 5), 2), line(p(9, 300, 2), 1)], {
      items: [line(p(1, 1000, 5), 2)],
      unknown_ids: [],
    });
    expect(later.lines.map((l) => l.product.id)).toEqual([1, 9]);
    expect(later.removed).toEqual([]);
  });

  test('an unchanged line gets no notice', () => {
    const same = reconcile([line(p(1, 1000, 5), 2)], { items: [line(p(1, 1000, 5), 2)], unknown_ids: [] });
    expect(same.notices).toEqual({});
  });
});
