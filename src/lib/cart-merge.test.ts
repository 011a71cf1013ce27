import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_QUANTITY, type CartLine } from './cart-math.ts';
import { cartPayload, mergeCarts, reconcileCarts } from './cart-merge.ts';
import { expectSound } from './cart-test-support.ts';

const line = (id: number, quantity: number, stock: number, price = 1000): CartLine => ({
  product: { id, name: `p${id}`, price, beforeDiscount: null, images: [], stock },
  quantity,
});

// A cart without repeated products, each line within its stock (what a store or the server holds).
const arbCart = (stockOf: (id: number) => number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 8 })
    .chain((ids) =>
      fc.tuple(...ids.map((id) => fc.integer({ min: 1, max: Math.max(1, stockOf(id)) }).map((q) => line(id, q, stockOf(id))))),
    );

const stocks = fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 13, maxLength: 13 });

describe('mergeCarts (spec section 4: fetch with the merge flag)', () => {
  test('a product in both carts gets the sum of its quantities, capped at its stock', () => {
    const merged = mergeCarts([line(1, 2, 5), line(2, 1, 9)], [line(1, 4, 5), line(3, 2, 3)]);
    expect(merged.map((l) => [l.product.id, l.quantity])).toEqual([
      [1, 5],
      [2, 1],
      [3, 2],
    ]);
  });

  test('the server snapshot (price, stock) wins for a shared product', () => {
    const [merged] = mergeCarts([line(1, 1, 5, 1000)], [line(1, 1, 5, 1200)]);
    expect(merged!.product.price).toBe(1200);
  });

  test('properties: sum capped at stock, no line lost, no duplicates, totals sound', () => {
    fc.assert(
      fc.property(
        stocks.chain((s) =>
          fc.tuple(
            fc.constant(s),
            arbCart((id) => s[id]!),
            arbCart((id) => s[id]!),
          ),
        ),
        ([, local, server]) => {
          const merged = mergeCarts(local, server);
          const ids = new Set([...local, ...server].map((l) => l.product.id));
          expect(new Set(merged.map((l) => l.product.id))).toEqual(ids);
          expect(merged).toHaveLength(ids.size);
          for (const m of merged) {
            const sum = [...local, ...server].filter((l) => l.product.id === m.product.id).reduce((a, l) => a + l.quantity, 0);
            expect(m.quantity).toBe(Math.min(sum, m.product.stock));
          }
          expectSound(merged);
        },
      ),
    );
  });

  test('merging a cart with itself doubles it (within stock): the sync must never merge twice', () => {
    expect(mergeCarts([line(1, 2, 10)], [line(1, 2, 10)])[0]!.quantity).toBe(4);
  });

  test('a sold-out line stays (flagged) but never above the global cap', () => {
    const [merged] = mergeCarts([line(1, 900, 0)], [line(1, 900, 0)]);
    expect(merged!.quantity).toBe(MAX_QUANTITY);
  });
});

describe('cartPayload', () => {
  test('sends in-stock lines only, within their stock', () => {
    expect(cartPayload([line(1, 3, 2), line(2, 1, 0), line(3, 1, 4)])).toEqual({
      products: [
        { product_id: 1, quantity: 2 },
        { product_id: 3, quantity: 1 },
      ],
    });
  });
});

describe('reconcileCarts (issue 19: the server copy merged with what the page has not sent)', () => {
  const qty = (lines: CartLine[]) => lines.map((l) => [l.product.id, l.quantity]);
  test('a line added here and not yet sent survives the server copy that lacks it', () => {
    const base = [{ product_id: 1, quantity: 1 }];
    expect(qty(reconcileCarts(base, [line(1, 1, 9), line(2, 1, 9)], [line(1, 1, 9)]))).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });
  test('a removal or a new quantity made here wins; a change made on another device is kept', () => {
    const base = [
      { product_id: 1, quantity: 1 },
      { product_id: 2, quantity: 2 },
      { product_id: 3, quantity: 1 },
    ];
    const local = [line(2, 5, 9), line(3, 1, 9)];
    const server = [line(1, 1, 9), line(2, 2, 9), line(3, 4, 9), line(4, 1, 9)];
    expect(qty(reconcileCarts(base, local, server))).toEqual([
      [2, 5],
      [3, 4],
      [4, 1],
    ]);
  });
  test('with nothing changed here, the result is the server copy', () => {
    fc.assert(
      fc.property(stocks, (stock) => {
        const server = fc.sample(
          arbCart((id) => stock[id]!),
          1,
        )[0]!;
        const local = fc.sample(
          arbCart((id) => stock[id]!),
          1,
        )[0]!;
        const base = cartPayload(local).products;
        expect(qty(reconcileCarts(base, local, server))).toEqual(qty(server));
      }),
    );
  });
  test('every line changed here since the base keeps its quantity here (within stock)', () => {
    fc.assert(
      fc.property(stocks, fc.integer({ min: 0, max: 1000 }), (stock, seed) => {
        const [base, local, server] = fc.sample(
          arbCart((id) => stock[id]!),
          { numRuns: 3, seed },
        );
        const merged = reconcileCarts(cartPayload(base!).products, local!, server!);
        const before = new Map(base!.map((l) => [l.product.id, l.quantity]));
        for (const l of local!)
          if (before.get(l.product.id) !== l.quantity)
            expect(merged.find((m) => m.product.id === l.product.id)?.quantity).toBe(l.quantity);
        for (const id of before.keys())
          if (!local!.some((l) => l.product.id === id)) expect(merged.some((m) => m.product.id === id)).toBe(false);
        expectSound(merged);
      }),
    );
  });
});
