import { afterAll, expect, test } from 'vitest';
import { toInt } from '../../src/server/db/values.ts';
import { makeCourier } from '../support/cash.ts';
import { moveOrderTo, payOrder } from '../support/order-states.ts';
import { makeAddress, makeCoupon } from '../support/orders.ts';
import { expectEveryTransactionBalances, mixedOrder, orderNet, sellersWithProducts } from '../support/seller-ledger.ts';
import { makeSellerMember } from '../support/seller.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Coupons are the marketplace's (decision 030 › Coupons): a delivered order with a coupon books what was really
 * collected on the couriers' (or the provider's) account, the coupon on the marketplace's promotions, and each seller's
 * share as if there were no coupon; a returned line gives back exactly its own legs, and the shopper what they paid.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const finance = await makeStaff(db, api, 'finance');
const courierId = await makeCourier(db, 'Coupon courier');
// 30 000 and 32 500 piastres; the marketplace's 10 % commission.
const [a, b] = await sellersWithProducts(db, 2, 30_000);
const shopper = await makeShopper(db);
const who = { id: shopper.id, address: (await makeAddress(db, shopper.id)).id };

const net = (orderId: number, account: string) => orderNet(db, orderId, account);

const balance = async (sellerId: number) =>
  (await json(`/api/admin/sellers/${sellerId}/balance`, { headers: { cookie: finance.cookie } })).body.data as {
    pending: number;
    available: number;
  };

test('a two-seller cash order with a coupon: the couriers hold the cash collected, the sellers their full shares', async () => {
  // 1 001 off 95 000 of goods: 316.1 and 684.9 → 316 and 685 (the odd piastre to the larger remainder).
  const coupon = await makeCoupon(db, { kind: 'fixed', value: 1_001 });
  const beforeA = await balance(a!.sellerId);
  const beforeB = await balance(b!.sellerId);
  const orderId = await mixedOrder(
    db,
    who,
    [
      { productId: a!.productId, quantity: 1 },
      { productId: b!.productId, quantity: 2 },
    ],
    'cash_on_delivery',
    coupon,
  );
  await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
  const order = await db
    .selectFrom('orders')
    .select(['total', 'shipping_fee', 'coupon_discount', 'wallet_amount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  expect(order).toMatchObject({ coupon_discount: 1_001, wallet_amount: 0 });

  // What the courier collected for the goods (the order's total is goods − coupon + delivery fee).
  expect(await net(orderId, 'cod_with_couriers')).toBe(order.total - order.shipping_fee);
  expect(await net(orderId, 'cod_with_couriers')).toBe(93_999);
  expect(await net(orderId, 'marketplace_promotions')).toBe(1_001);
  // Shares and commission as without the coupon.
  expect(await balance(a!.sellerId)).toMatchObject({ pending: beforeA.pending + 27_000 });
  expect(await balance(b!.sellerId)).toMatchObject({ pending: beforeB.pending + 58_500 });
  expect(await net(orderId, 'commission_revenue')).toBe(-9_500);
  await expectEveryTransactionBalances(db, orderId);

  // The second seller's line comes back: its legs reversed exactly, the shopper refunded what they paid for it.
  const line = await db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', b!.productId)
    .executeTakeFirstOrThrow();
  const returned = await json(`/api/admin/orders/${orderId}/returned-lines?lang=en`, {
    method: 'POST',
    headers: { cookie: finance.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ line_ids: [line.id], reason: 'damaged in transit' }),
  });
  expect(returned.status).toBe(200);
  expect(returned.body.data.refunded).toBe(65_000 - 685);
  expect(await balance(b!.sellerId)).toMatchObject({ pending: beforeB.pending });
  expect(await balance(a!.sellerId)).toMatchObject({ pending: beforeA.pending + 27_000 });
  expect(await net(orderId, 'marketplace_promotions')).toBe(316);
  expect(await net(orderId, 'commission_revenue')).toBe(-3_000);
  expect(await net(orderId, 'shopper_refunds')).toBe(-(65_000 - 685));
  expect(await net(orderId, 'cod_with_couriers')).toBe(93_999);
  const reversal = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_entries.account', 'ledger_entries.debit', 'ledger_entries.credit'])
    .where('ledger_transactions.source_key', '=', `reversal:line:${line.id}`)
    .orderBy('ledger_entries.account')
    .execute();
  expect(reversal.map((e) => [e.account, toInt(e.debit), toInt(e.credit)])).toEqual([
    ['commission_revenue', 6_500, 0],
    ['marketplace_promotions', 0, 685],
    ['seller_pending', 58_500, 0],
    ['shopper_refunds', 0, 64_315],
  ]);
  await expectEveryTransactionBalances(db, orderId);
});

test('a paid order with a coupon: the provider owes what the shopper paid for the goods', async () => {
  const coupon = await makeCoupon(db, { kind: 'percent', value: 15 });
  const orderId = await mixedOrder(
    db,
    who,
    [
      { productId: a!.productId, quantity: 2 },
      { productId: b!.productId, quantity: 1 },
    ],
    'card',
    coupon,
  );
  await payOrder(db, orderId);
  await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
  const order = await db
    .selectFrom('orders')
    .select(['total', 'shipping_fee', 'coupon_discount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  // 15 % of 92 500.
  expect(order.coupon_discount).toBe(13_875);
  expect(await net(orderId, 'provider_receivable')).toBe(order.total - order.shipping_fee);
  expect(await net(orderId, 'marketplace_promotions')).toBe(13_875);
  expect(await net(orderId, 'commission_revenue')).toBe(-9_250);
  await expectEveryTransactionBalances(db, orderId);
});

test('a line its seller cancelled before delivery is no sale, and the coupon left on the order goes to the rest', async () => {
  const coupon = await makeCoupon(db, { kind: 'percent', value: 10 });
  const ownerA = await makeSellerMember(db, a!.sellerId, 'owner');
  const beforeA = await balance(a!.sellerId);
  const orderId = await mixedOrder(
    db,
    who,
    [
      { productId: a!.productId, quantity: 1 },
      { productId: b!.productId, quantity: 2 },
    ],
    'cash_on_delivery',
    coupon,
  );
  const part = await db
    .selectFrom('order_parts')
    .select('id')
    .where('order_id', '=', orderId)
    .where('seller_id', '=', a!.sellerId)
    .executeTakeFirstOrThrow();
  const line = await db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', a!.productId)
    .executeTakeFirstOrThrow();
  const cancelled = await json(`/api/seller/parts/${part.id}/lines/${line.id}/cancel`, {
    method: 'POST',
    headers: ownerA.headers,
  });
  expect(cancelled.status).toBe(200);
  await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
  const order = await db
    .selectFrom('orders')
    .select(['total', 'shipping_fee', 'coupon_discount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  // 10 % of the 65 000 left.
  expect(order.coupon_discount).toBe(6_500);
  expect(await net(orderId, 'cod_with_couriers')).toBe(order.total - order.shipping_fee);
  expect(await net(orderId, 'cod_with_couriers')).toBe(58_500);
  expect(await net(orderId, 'marketplace_promotions')).toBe(6_500);
  expect(await balance(a!.sellerId)).toMatchObject({ pending: beforeA.pending });
  const sold = await db.selectFrom('seller_commission_lines').select('order_line_id').where('order_id', '=', orderId).execute();
  expect(sold.map((l) => l.order_line_id)).not.toContain(line.id);
  await expectEveryTransactionBalances(db, orderId);
});
