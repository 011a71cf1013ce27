import { afterAll, expect, test } from 'vitest';
import { walletBalance } from '../../src/server/services/orders/wallet.ts';
import { makeCourier } from '../support/cash.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { creditWallet, makeAddress, makeCoupon } from '../support/orders.ts';
import {
  expectEveryTransactionBalances,
  mixedOrder,
  orderNet,
  sellersWithProducts,
  transactionLegs,
} from '../support/seller-ledger.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The part of an order paid from the shopper's wallet (decision 030 › The wallet): the wallet pays the delivery fee
 * first, the goods with the rest; that goods part is the marketplace's debt to the shopper going down
 * (`shopper_wallet`), not cash the courier holds or money a provider owes. Sellers' shares do not change.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const finance = await makeStaff(db, api, 'finance');
const courierId = await makeCourier(db, 'Wallet courier');
// 30 000 and 32 500 piastres; the marketplace's 10 % commission.
const [a, b] = await sellersWithProducts(db, 2, 30_000);

async function shopperWith(wallet: number) {
  const shopper = await makeShopper(db);
  const address = await makeAddress(db, shopper.id);
  if (wallet > 0) await creditWallet(db, shopper.id, wallet);
  return { who: { id: shopper.id, address: address.id }, fee: address.fee };
}

const net = (orderId: number, account: string, kind?: 'sale' | 'reversal') => orderNet(db, orderId, account, kind);
const legs = (sourceKey: string) => transactionLegs(db, sourceKey);

const balance = async (sellerId: number) =>
  (await json(`/api/admin/sellers/${sellerId}/balance`, { headers: { cookie: finance.cookie } })).body.data as {
    pending: number;
    available: number;
  };

const orderRow = (orderId: number) =>
  db
    .selectFrom('orders')
    .select(['total', 'shipping_fee', 'coupon_discount', 'wallet_amount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

const lineOf = (orderId: number, productId: number) =>
  db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();

test('a two-seller cash order partly paid from the wallet: the couriers hold only the cash, the wallet part is the shopper’s', async () => {
  const coupon = await makeCoupon(db, { kind: 'fixed', value: 1_001 });
  // The wallet pays the delivery fee and 20 000 of the goods.
  const { who, fee } = await shopperWith(0);
  await creditWallet(db, who.id, fee + 20_000);
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
    true,
  );
  await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
  const order = await orderRow(orderId);
  expect(order).toMatchObject({ coupon_discount: 1_001, shipping_fee: fee, wallet_amount: fee + 20_000 });
  expect(fee).toBeGreaterThan(0);
  // Goods 95 000 − coupon 1 001 − the wallet's 20 000: what the courier collects at the door, all of it for goods.
  expect(order.total).toBe(73_999);
  expect(await net(orderId, 'cod_with_couriers')).toBe(order.total);
  expect(await net(orderId, 'shopper_wallet')).toBe(20_000);
  expect(await net(orderId, 'marketplace_promotions')).toBe(1_001);
  expect(
    (await net(orderId, 'cod_with_couriers')) +
      (await net(orderId, 'marketplace_promotions')) +
      (await net(orderId, 'shopper_wallet')),
  ).toBe(95_000);
  // Shares and commission as without the coupon or the wallet.
  expect(await balance(a!.sellerId)).toMatchObject({ pending: beforeA.pending + 27_000 });
  expect(await balance(b!.sellerId)).toMatchObject({ pending: beforeB.pending + 58_500 });
  expect(await net(orderId, 'commission_revenue')).toBe(-9_500);
  await expectEveryTransactionBalances(db, orderId);

  // Coupon 316 and 685; the wallet's 20 000 over 29 684 and 64 315: 6 315.8 and 13 684.2 → 6 316 and 13 684.
  const lineA = await lineOf(orderId, a!.productId);
  const lineB = await lineOf(orderId, b!.productId);
  expect(await legs(`sale:line:${lineA.id}`)).toEqual([
    ['cod_with_couriers', 23_368, 0],
    ['commission_revenue', 0, 3_000],
    ['marketplace_promotions', 316, 0],
    ['seller_pending', 0, 27_000],
    ['shopper_wallet', 6_316, 0],
  ]);
  expect(await legs(`sale:line:${lineB.id}`)).toEqual([
    ['cod_with_couriers', 50_631, 0],
    ['commission_revenue', 0, 6_500],
    ['marketplace_promotions', 685, 0],
    ['seller_pending', 0, 58_500],
    ['shopper_wallet', 13_684, 0],
  ]);

  // The second seller's line comes back: exactly its own legs reversed; the shopper gets what they paid for it, all
  // of it to the wallet (its wallet share back on shopper_wallet, the cash part through shopper_refunds).
  const walletBefore = await walletBalance(db, who.id);
  const returned = await json(`/api/admin/orders/${orderId}/returned-lines?lang=en`, {
    method: 'POST',
    headers: { cookie: finance.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ line_ids: [lineB.id], reason: 'damaged in transit' }),
  });
  expect(returned.status).toBe(200);
  expect(returned.body.data.refunded).toBe(65_000 - 685);
  expect(await walletBalance(db, who.id)).toBe(walletBefore + 64_315);
  expect(await legs(`reversal:line:${lineB.id}`)).toEqual([
    ['commission_revenue', 6_500, 0],
    ['marketplace_promotions', 0, 685],
    ['seller_pending', 58_500, 0],
    ['shopper_refunds', 0, 50_631],
    ['shopper_wallet', 0, 13_684],
  ]);
  expect(await balance(b!.sellerId)).toMatchObject({ pending: beforeB.pending });
  expect(await balance(a!.sellerId)).toMatchObject({ pending: beforeA.pending + 27_000 });
  expect(await net(orderId, 'shopper_wallet')).toBe(6_316);
  expect(await net(orderId, 'cod_with_couriers')).toBe(73_999);
  await expectEveryTransactionBalances(db, orderId);
});

test('a wallet smaller than the delivery fee pays only the fee; an order paid wholly from the wallet owes no provider', async () => {
  const small = await shopperWith(1);
  const feeOnly = await mixedOrder(
    db,
    small.who,
    [{ productId: a!.productId, quantity: 1 }],
    'cash_on_delivery',
    undefined,
    true,
  );
  await moveOrderTo(db, feeOnly, 'DELIVERED', { courierId });
  const order = await orderRow(feeOnly);
  expect(order).toMatchObject({ wallet_amount: 1, total: 30_000 + small.fee - 1 });
  expect(await net(feeOnly, 'cod_with_couriers')).toBe(30_000);
  expect(await net(feeOnly, 'shopper_wallet')).toBe(0);
  await expectEveryTransactionBalances(db, feeOnly);

  const rich = await shopperWith(200_000);
  const coupon = await makeCoupon(db, { kind: 'percent', value: 10 });
  const all = await mixedOrder(
    db,
    rich.who,
    [
      { productId: a!.productId, quantity: 1 },
      { productId: b!.productId, quantity: 1 },
    ],
    'wallet',
    coupon,
  );
  await moveOrderTo(db, all, 'DELIVERED', { courierId });
  const paid = await orderRow(all);
  expect(paid).toMatchObject({ total: 0, coupon_discount: 6_250, wallet_amount: 56_250 + rich.fee });
  expect(await net(all, 'provider_receivable')).toBe(0);
  expect(await net(all, 'cod_with_couriers')).toBe(0);
  expect(await net(all, 'shopper_wallet')).toBe(56_250);
  expect(await net(all, 'marketplace_promotions')).toBe(6_250);
  await expectEveryTransactionBalances(db, all);
});
