import { describe, expect, test } from 'vitest';
import { withoutLine, type OrderSums } from './line-cancellation.ts';

// Two lines: 2 × 200 EGP on sale from 250, and 1 × 100 EGP; a 10% coupon; 50 EGP delivery.
const order: OrderSums = {
  subtotal: 2 * 25000 + 10000,
  sale_discount: 2 * 5000,
  coupon_discount: 5000,
  shipping_fee: 5000,
  wallet_amount: 0,
  total: 60000 - 10000 - 5000 + 5000,
};
const saleLine = { unit_price: 20000, before_discount: 25000, quantity: 2, line_total: 40000 };
const plainLine = { unit_price: 10000, before_discount: null, quantity: 1, line_total: 10000 };

describe('an order without one of its lines (a seller out of stock)', () => {
  test('the line leaves with its list price and sale discount; the coupon shrinks in proportion; delivery stays', () => {
    const { sums, back } = withoutLine(order, saleLine);
    expect(sums).toMatchObject({ subtotal: 10000, sale_discount: 0, coupon_discount: 1000, shipping_fee: 5000 });
    // What is left to pay: 100 − 10 + 50 = 140 EGP; the shopper no longer owes the rest.
    expect(sums.total).toBe(14000);
    expect(back).toBe(order.total - 14000);
  });

  test('a line with no sale keeps the other line’s sale discount', () => {
    const { sums } = withoutLine(order, plainLine);
    expect(sums).toMatchObject({ subtotal: 50000, sale_discount: 10000, coupon_discount: 4000 });
    expect(sums.total).toBe(40000 - 4000 + 5000);
  });

  test('what comes back leaves the card or cash part first, then the wallet part', () => {
    const paidByWallet = { ...order, wallet_amount: 30000, total: order.total - 30000 };
    const { sums, offTotal, offWallet } = withoutLine(paidByWallet, saleLine);
    expect(offTotal).toBe(paidByWallet.total);
    expect(offWallet).toBe(30000 - 14000);
    expect(sums.total + sums.wallet_amount).toBe(14000);
    expect(sums.wallet_amount).toBe(14000);
  });
});
