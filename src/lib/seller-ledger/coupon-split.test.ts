import fc from 'fast-check';
import { expect, test } from 'vitest';
import { splitCoupon } from './coupon-split.ts';

test('a coupon is shared in proportion to the lines, whole piastres, the odd piastre to the largest remainder', () => {
  // 30 000 and 65 000 with 9 500 off: 3 000 and 6 500 exactly.
  expect(
    splitCoupon(9_500, [
      { id: 1, lineTotal: 30_000 },
      { id: 2, lineTotal: 65_000 },
    ]),
  ).toEqual([3_000, 6_500]);
  // 100 over 1:2 → 33.33 and 66.67: the second's remainder is larger.
  expect(
    splitCoupon(100, [
      { id: 1, lineTotal: 1_000 },
      { id: 2, lineTotal: 2_000 },
    ]),
  ).toEqual([33, 67]);
  // No coupon, no lines, nothing to share.
  expect(splitCoupon(0, [{ id: 1, lineTotal: 1_000 }])).toEqual([0]);
  expect(splitCoupon(500, [])).toEqual([]);
});

test('equal remainders go to the lower line id, whatever order the lines come in', () => {
  const lines = [
    { id: 9, lineTotal: 1_000 },
    { id: 4, lineTotal: 1_000 },
    { id: 7, lineTotal: 1_000 },
  ];
  expect(splitCoupon(100, lines)).toEqual([33, 34, 33]);
  expect(splitCoupon(101, lines)).toEqual([33, 34, 34]);
  expect(splitCoupon(100, [...lines].reverse())).toEqual([33, 34, 33]);
});

test('a coupon larger than the goods is capped at the goods; a line never gives more than its total', () => {
  expect(
    splitCoupon(50_000, [
      { id: 1, lineTotal: 1_000 },
      { id: 2, lineTotal: 3 },
    ]),
  ).toEqual([1_000, 3]);
  expect(
    splitCoupon(7, [
      { id: 1, lineTotal: 0 },
      { id: 2, lineTotal: 5 },
    ]),
  ).toEqual([0, 5]);
});

test('on random orders the shares sum to the discount, stay within each line, and are the nearest to proportional', () => {
  const line = fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }), lineTotal: fc.integer({ min: 0, max: 50_000_000 }) });
  const lines = fc.uniqueArray(line, { minLength: 1, maxLength: 8, selector: (l) => l.id });
  fc.assert(
    fc.property(lines, fc.integer({ min: 0, max: 200_000_000 }), (ls, discount) => {
      const shares = splitCoupon(discount, ls);
      const goods = ls.reduce((a, l) => a + l.lineTotal, 0);
      expect(shares.reduce((a, s) => a + s, 0)).toBe(Math.min(discount, goods));
      ls.forEach((l, i) => {
        expect(Number.isSafeInteger(shares[i])).toBe(true);
        expect(shares[i]).toBeGreaterThanOrEqual(0);
        expect(shares[i]).toBeLessThanOrEqual(l.lineTotal);
        // Within one piastre of the exact proportion.
        const exact = goods ? (Math.min(discount, goods) * l.lineTotal) / goods : 0;
        expect(Math.abs(shares[i]! - exact)).toBeLessThan(1 + 1e-6);
      });
      // The same lines in another order get the same shares.
      const reversed = splitCoupon(discount, [...ls].reverse()).reverse();
      expect(reversed).toEqual(shares);
    }),
    { numRuns: 500 },
  );
});
