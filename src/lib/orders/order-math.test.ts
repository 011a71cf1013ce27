import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { couponDiscount, orderTotals, type TotalsInput } from './order-math.ts';

const base: TotalsInput = {
  lines: [
    { unitPrice: 30000, beforeDiscount: 40000, quantity: 2 },
    { unitPrice: 15000, beforeDiscount: null, quantity: 1 },
  ],
  coupon: null,
  deliveryFee: 5000,
  freeDeliveryThreshold: 100000,
  walletAvailable: 0,
};

describe('orderTotals', () => {
  test('list subtotal, sale discount, delivery fee below the free-delivery threshold', () => {
    expect(orderTotals(base)).toEqual({
      SubTotal: 95000,
      saleDiscountAmount: 20000,
      DiscountAmount: 0,
      DiscountedSubtotal: 75000,
      Shipping_Fees: 5000,
      walletAmount: 0,
      DiscountedTotal: 80000,
    });
  });

  test('delivery is free from the threshold on, judged after the coupon', () => {
    const big = { ...base, lines: [{ unitPrice: 100000, beforeDiscount: null, quantity: 1 }] };
    expect(orderTotals(big).Shipping_Fees).toBe(0);
    const withCoupon = orderTotals({ ...big, coupon: { kind: 'fixed', value: 1, maxDiscount: null } });
    expect(withCoupon.Shipping_Fees).toBe(5000);
    expect(orderTotals({ ...big, freeDeliveryThreshold: null }).Shipping_Fees).toBe(5000);
  });

  test('the wallet pays part or all, never more than is due', () => {
    expect(orderTotals({ ...base, walletAvailable: 30000 })).toMatchObject({ walletAmount: 30000, DiscountedTotal: 50000 });
    expect(orderTotals({ ...base, walletAvailable: 999999 })).toMatchObject({ walletAmount: 80000, DiscountedTotal: 0 });
  });

  test('percentage coupons round down and respect their cap; fixed ones stop at the subtotal', () => {
    expect(couponDiscount(9999, { kind: 'percent', value: 10, maxDiscount: null })).toBe(999);
    expect(couponDiscount(100000, { kind: 'percent', value: 50, maxDiscount: 20000 })).toBe(20000);
    expect(couponDiscount(5000, { kind: 'fixed', value: 8000, maxDiscount: null })).toBe(5000);
    expect(couponDiscount(5000, null)).toBe(0);
  });
});

const line = fc.record({
  unitPrice: fc.integer({ min: 1, max: 10_000_000 }),
  beforeDiscount: fc.option(fc.integer({ min: 1, max: 20_000_000 })),
  quantity: fc.integer({ min: 1, max: 999 }),
});
const coupon = fc.option(
  fc.record({
    kind: fc.constantFrom('percent' as const, 'fixed' as const),
    value: fc.integer({ min: 1, max: 10_000_000 }),
    maxDiscount: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
  }),
);
const input = fc.record({
  lines: fc.array(line, { maxLength: 20 }),
  coupon,
  deliveryFee: fc.integer({ min: 0, max: 100_000 }),
  freeDeliveryThreshold: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
  walletAvailable: fc.integer({ min: 0, max: 100_000_000 }),
});

describe('money properties', () => {
  test('totals are never negative and add up to what the shopper sees', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = orderTotals(i);
        for (const value of Object.values(t)) expect(value).toBeGreaterThanOrEqual(0);
        for (const value of Object.values(t)) expect(Number.isInteger(value)).toBe(true);
        expect(t.DiscountedTotal).toBe(t.SubTotal - t.saleDiscountAmount - t.DiscountAmount + t.Shipping_Fees - t.walletAmount);
      }),
    );
  });

  test('the discount never exceeds the subtotal', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = orderTotals(i);
        expect(t.DiscountAmount + t.saleDiscountAmount).toBeLessThanOrEqual(t.SubTotal);
        expect(t.DiscountAmount).toBeLessThanOrEqual(t.SubTotal - t.saleDiscountAmount);
      }),
    );
  });
});
