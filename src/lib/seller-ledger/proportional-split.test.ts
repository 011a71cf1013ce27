import fc from 'fast-check';
import { expect, test } from 'vitest';
import { splitInProportion } from './proportional-split.ts';

test('a coupon is shared in proportion to the lines, whole piastres, the odd piastre to the largest remainder', () => {
  // 30 000 and 65 000 with 9 500 off: 3 000 and 6 500 exactly.
  expect(
    splitInProportion(9_500, [
      { id: 1, weight: 30_000 },
      { id: 2, weight: 65_000 },
    ]),
  ).toEqual([3_000, 6_500]);
  // 100 over 1:2 → 33.33 and 66.67: the second's remainder is larger.
  expect(
    splitInProportion(100, [
      { id: 1, weight: 1_000 },
      { id: 2, weight: 2_000 },
    ]),
  ).toEqual([33, 67]);
  // No coupon, no lines, nothing to share.
  expect(splitInProportion(0, [{ id: 1, weight: 1_000 }])).toEqual([0]);
  expect(splitInProportion(500, [])).toEqual([]);
});

test('equal remainders go to the lower line id, whatever order the lines come in', () => {
  const lines = [
    { id: 9, weight: 1_000 },
    { id: 4, weight: 1_000 },
    { id: 7, weight: 1_000 },
  ];
  expect(splitInProportion(100, lines)).toEqual([33, 34, 33]);
  expect(splitInProportion(101, lines)).toEqual([33, 34, 34]);
  expect(splitInProportion(100, [...lines].reverse())).toEqual([33, 34, 33]);
});

test('an amount larger than the lines is capped at their sum; a line never gives more than its weight', () => {
  expect(
    splitInProportion(50_000, [
      { id: 1, weight: 1_000 },
      { id: 2, weight: 3 },
    ]),
  ).toEqual([1_000, 3]);
  expect(
    splitInProportion(7, [
      { id: 1, weight: 0 },
      { id: 2, weight: 5 },
    ]),
  ).toEqual([0, 5]);
});

test('on random orders the shares sum to the discount, stay within each line, and are the nearest to proportional', () => {
  const line = fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }), weight: fc.integer({ min: 0, max: 50_000_000 }) });
  const lines = fc.uniqueArray(line, { minLength: 1, maxLength: 8, selector: (l) => l.id });
  fc.assert(
    fc.property(lines, fc.integer({ min: 0, max: 200_000_000 }), (ls, discount) => {
      const shares = splitInProportion(discount, ls);
      const goods = ls.reduce((a, l) => a + l.weight, 0);
      expect(shares.reduce((a, s) => a + s, 0)).toBe(Math.min(discount, goods));
      ls.forEach((l, i) => {
        expect(Number.isSafeInteger(shares[i])).toBe(true);
        expect(shares[i]).toBeGreaterThanOrEqual(0);
        expect(shares[i]).toBeLessThanOrEqual(l.weight);
        // Within one piastre of the exact proportion.
        const exact = goods ? (Math.min(discount, goods) * l.weight) / goods : 0;
        expect(Math.abs(shares[i]! - exact)).toBeLessThan(1 + 1e-6);
      });
      // The same lines in another order get the same shares.
      const reversed = splitInProportion(discount, [...ls].reverse()).reverse();
      expect(reversed).toEqual(shares);
    }),
    { numRuns: 500 },
  );
});
