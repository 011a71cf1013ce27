import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addLine, quantityOf, removeLine, setLineQuantity, withTotals, type CartLine, type CartProduct } from './cart-math.ts';
import { expectSound } from './cart-test-support.ts';

const product = (id: number, price: number, stock: number): CartProduct => ({
  id,
  name: `Product ${id}`,
  price,
  beforeDiscount: null,
  images: [],
  stock,
});

describe('cart math', () => {
  const a = product(1, 12_550, 3);
  const b = product(2, 9_900, 1);

  test('subtotal is the sum of price × quantity and the total equals it', () => {
    const lines = addLine(addLine(addLine([], a), a), b);
    expect(withTotals(lines)).toMatchObject({ sub_total: 2 * 12_550 + 9_900, total: 2 * 12_550 + 9_900, totalItems: 3 });
    expect(withTotals([])).toMatchObject({ sub_total: 0, total: 0, totalItems: 0, delivery_charge: 0, discount: 0 });
  });

  test('adding never goes beyond the stock, and an out-of-stock product is not added', () => {
    let lines: CartLine[] = [];
    for (let i = 0; i < 5; i += 1) lines = addLine(lines, a);
    expect(quantityOf(lines, a.id)).toBe(3);
    expect(addLine([], product(3, 100, 0))).toEqual([]);
  });

  test('decrementing to 0 removes the line; fractional quantities round down', () => {
    const lines = addLine([], a, 2);
    expect(setLineQuantity(lines, a.id, 0)).toEqual([]);
    expect(setLineQuantity(lines, a.id, 1.7)[0]?.quantity).toBe(1);
    expect(setLineQuantity(lines, a.id, 10)[0]?.quantity).toBe(3);
    expect(removeLine(lines, a.id)).toEqual([]);
  });

  test('an out-of-stock line may go down but not up', () => {
    const flagged: CartLine[] = [{ product: product(4, 100, 0), quantity: 2 }];
    expect(setLineQuantity(flagged, 4, 5)[0]?.quantity).toBe(2);
    expect(setLineQuantity(flagged, 4, 1)[0]?.quantity).toBe(1);
  });
});

const arbProduct = fc.record({
  id: fc.integer({ min: 1, max: 8 }),
  name: fc.constant('p'),
  price: fc.integer({ min: 1, max: 10_000_000 }),
  beforeDiscount: fc.constant(null),
  images: fc.constant<string[]>([]),
  stock: fc.integer({ min: 0, max: 30 }),
});

const arbOp = fc.oneof(
  fc.record({ op: fc.constant('add' as const), product: arbProduct, qty: fc.integer({ min: -3, max: 40 }) }),
  fc.record({
    op: fc.constant('set' as const),
    id: fc.integer({ min: 1, max: 8 }),
    qty: fc.double({ min: -5, max: 50, noNaN: true }),
  }),
  fc.record({ op: fc.constant('remove' as const), id: fc.integer({ min: 1, max: 8 }) }),
);

test('property: after any sequence of actions the totals equal the sum of lines and never go negative', () => {
  fc.assert(
    fc.property(fc.array(arbOp, { maxLength: 30 }), (ops) => {
      let lines: CartLine[] = [];
      for (const o of ops) {
        if (o.op === 'add') lines = addLine(lines, o.product, o.qty);
        else if (o.op === 'set') lines = setLineQuantity(lines, o.id, o.qty);
        else lines = removeLine(lines, o.id);
        expectSound(lines);
      }
    }),
  );
});
