import fc from 'fast-check';
import { expect, test } from 'vitest';
import { splitGoodsPayment, walletPartOfGoods } from './goods-payment.ts';

test('the wallet pays the delivery fee first, the goods with the rest', () => {
  expect(walletPartOfGoods({ walletAmount: 0, shippingFee: 5_000 }, 90_000)).toBe(0);
  expect(walletPartOfGoods({ walletAmount: 3_000, shippingFee: 5_000 }, 90_000)).toBe(0);
  expect(walletPartOfGoods({ walletAmount: 25_000, shippingFee: 5_000 }, 90_000)).toBe(20_000);
  // All of it from the wallet (the wallet method): the goods wholly.
  expect(walletPartOfGoods({ walletAmount: 95_000, shippingFee: 5_000 }, 90_000)).toBe(90_000);
  expect(walletPartOfGoods({ walletAmount: 7_000, shippingFee: 0 }, 90_000)).toBe(7_000);
});

test('a line pays its coupon share, its share of the goods’ wallet part, and the rest is collected', () => {
  const lines = [
    { id: 1, lineTotal: 30_000 },
    { id: 2, lineTotal: 65_000 },
  ];
  // 9 500 off: 3 000 and 6 500; 20 000 of the 25 000 wallet paid goods of 85 500: 27 000 and 58 500 weigh 6 316.4 and 13 683.6.
  expect(splitGoodsPayment(lines, { couponDiscount: 9_500, walletAmount: 25_000, shippingFee: 5_000 })).toEqual([
    { coupon: 3_000, wallet: 6_316, collected: 20_684 },
    { coupon: 6_500, wallet: 13_684, collected: 44_816 },
  ]);
  expect(splitGoodsPayment(lines, { couponDiscount: 0, walletAmount: 0, shippingFee: 5_000 })).toEqual([
    { coupon: 0, wallet: 0, collected: 30_000 },
    { coupon: 0, wallet: 0, collected: 65_000 },
  ]);
});

test('on random orders each line’s coupon, wallet and collected parts are whole, not negative and make its price', () => {
  const line = fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }), lineTotal: fc.integer({ min: 0, max: 5_000_000 }) });
  const lines = fc.uniqueArray(line, { minLength: 1, maxLength: 6, selector: (l) => l.id });
  const order = fc.record({
    couponDiscount: fc.integer({ min: 0, max: 10_000_000 }),
    walletAmount: fc.integer({ min: 0, max: 40_000_000 }),
    shippingFee: fc.integer({ min: 0, max: 10_000 }),
  });
  fc.assert(
    fc.property(lines, order, (ls, o) => {
      const parts = splitGoodsPayment(ls, o);
      const goods = ls.reduce((a, l) => a + l.lineTotal, 0);
      const coupon = Math.min(o.couponDiscount, goods);
      ls.forEach((l, i) => {
        const p = parts[i]!;
        expect(p.coupon + p.wallet + p.collected).toBe(l.lineTotal);
        for (const n of [p.coupon, p.wallet, p.collected]) expect(n).toBeGreaterThanOrEqual(0);
      });
      expect(parts.reduce((a, p) => a + p.coupon, 0)).toBe(coupon);
      expect(parts.reduce((a, p) => a + p.wallet, 0)).toBe(walletPartOfGoods(o, goods - coupon));
    }),
    { numRuns: 300 },
  );
});
