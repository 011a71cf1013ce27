import { afterAll, expect, test } from 'vitest';
import { poundsText } from '../../src/lib/money.ts';
import { toInt } from '../../src/server/db/values.ts';
import { makeCourier } from '../support/cash.ts';
import { trackingOf } from '../support/courier-deliveries.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { makeAddress, makeCoupon } from '../support/orders.ts';
import { mixedOrder, orderNet, sellersWithProducts } from '../support/seller-ledger.ts';
import { makeShopper } from '../support/shoppers.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The cash of delivered cash-on-delivery orders comes in (decision 030 › Cash received): a courier's remittance or a
 * company's settlement moves each order's goods' cash from `cod_with_couriers` to `cash_received`, exactly what its
 * sales put there, once, whatever the count.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const finance = await makeStaff(db, api, 'finance');
const operator = await makeStaff(db, api, 'operations');
// 30 000 and 32 500 piastres; the marketplace's 10 % commission.
const [a, b] = await sellersWithProducts(db, 2, 30_000);

/** A new shopper's two-seller cash order (one of a's, two of b's: 95 000 of goods), with a coupon when given. */
async function twoSellerOrder(coupon?: string) {
  const shopper = await makeShopper(db);
  const address = await makeAddress(db, shopper.id);
  return mixedOrder(
    db,
    { id: shopper.id, address: address.id },
    [
      { productId: a!.productId, quantity: 1 },
      { productId: b!.productId, quantity: 2 },
    ],
    'cash_on_delivery',
    coupon,
  );
}

const net = (orderId: number, account: string, kind?: string) => orderNet(db, orderId, account, kind);

/** The order's cash-received transactions: seller, and what each moved to `cash_received`. */
const received = (orderId: number) =>
  db
    .selectFrom('ledger_transactions')
    .innerJoin('ledger_entries', 'ledger_entries.transaction_id', 'ledger_transactions.id')
    .select(['ledger_transactions.seller_id', 'ledger_transactions.source_key', 'ledger_entries.debit'])
    .where('ledger_transactions.order_id', '=', orderId)
    .where('ledger_transactions.kind', '=', 'cod_received')
    .where('ledger_entries.account', '=', 'cash_received')
    .orderBy('ledger_transactions.seller_id')
    .execute();

/** What each seller's sales of the order debited to the couriers' account. */
async function soldFor(orderId: number, sellerId: number) {
  const row = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select((eb) => eb.fn.sum<number>('ledger_entries.debit').as('n'))
    .where('ledger_transactions.order_id', '=', orderId)
    .where('ledger_transactions.seller_id', '=', sellerId)
    .where('ledger_transactions.kind', '=', 'sale')
    .where('ledger_entries.account', '=', 'cod_with_couriers')
    .executeTakeFirst();
  return toInt(row?.n);
}

const orderRow = (orderId: number) =>
  db
    .selectFrom('orders')
    .select(['total', 'shipping_fee', 'cash_to_collect'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

const auditOf = (orderId: number) =>
  db
    .selectFrom('audit_log')
    .select(['after_json', 'staff_id'])
    .where('action', '=', 'order.cod_received')
    .where('subject_id', '=', String(orderId))
    .execute();

const remit = (body: Record<string, unknown>) =>
  json('/api/admin/remittances?lang=en-US', jsonInit('POST', body, finance.cookie));

test('a two-seller cash order remitted by the courier: the couriers no longer hold its goods’ cash, the marketplace does; once', async () => {
  const courierId = await makeCourier(db, 'Remitting courier');
  const coupon = await makeCoupon(db, { kind: 'fixed', value: 1_001 });
  const orderId = await twoSellerOrder(coupon);
  await moveOrderTo(db, orderId, 'DELIVERED', { courierId });
  const order = await orderRow(orderId);
  const goodsCash = order.total - order.shipping_fee;
  expect(goodsCash).toBe(95_000 - 1_001);
  expect(await net(orderId, 'cod_with_couriers')).toBe(goodsCash);
  expect(await net(orderId, 'cash_received')).toBe(0);

  const res = await remit({ courier_id: courierId, order_ids: [orderId], amount: order.cash_to_collect });
  expect(res.status).toBe(201);
  // The delivery fee the courier also handed in is not in the sellers' ledger.
  expect(await net(orderId, 'cod_with_couriers')).toBe(0);
  expect(await net(orderId, 'cash_received')).toBe(goodsCash);
  // One transaction per seller, each exactly what that seller's sales left with the couriers.
  const rows = await received(orderId);
  expect(rows.map((r) => [r.seller_id, r.source_key, toInt(r.debit)])).toEqual([
    [a!.sellerId, `cod_received:order:${orderId}:seller:${a!.sellerId}`, await soldFor(orderId, a!.sellerId)],
    [b!.sellerId, `cod_received:order:${orderId}:seller:${b!.sellerId}`, await soldFor(orderId, b!.sellerId)],
  ]);
  // The sellers' own accounts do not move: their statements have no line for it.
  const sellerLegs = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select('ledger_entries.id')
    .where('ledger_transactions.kind', '=', 'cod_received')
    .where('ledger_entries.seller_id', 'is not', null)
    .execute();
  expect(sellerLegs).toEqual([]);
  const [audit, ...more] = await auditOf(orderId);
  expect(more).toEqual([]);
  expect(audit!.staff_id).toBe(finance.id);
  expect(JSON.parse(audit!.after_json!)).toMatchObject({ received: goodsCash, via: `remittance:${res.body.data.id}` });

  // The same remittance again is refused (the order is remitted once) and posts nothing more.
  const again = await remit({ courier_id: courierId, order_ids: [orderId], amount: order.cash_to_collect });
  expect(again.status).toBe(409);
  expect(await received(orderId)).toHaveLength(2);
  expect(await net(orderId, 'cash_received')).toBe(goodsCash);
});

test('a short count kept as the courier’s debt, or written off: the goods’ cash still leaves the couriers’ account', async () => {
  const courierId = await makeCourier(db, 'Short courier');
  const short = await twoSellerOrder();
  const writtenOff = await twoSellerOrder();
  for (const id of [short, writtenOff]) await moveOrderTo(db, id, 'DELIVERED', { courierId });
  const cash = (await orderRow(short)).cash_to_collect;
  const kept = await remit({ courier_id: courierId, order_ids: [short], amount: cash - 5_000, settle_difference: 'balance' });
  expect(kept.status).toBe(201);
  expect(kept.body.data.shortfall).toBe(5_000);
  const owner = await makeStaff(db, api, 'owner');
  const lost = await json(
    '/api/admin/remittances?lang=en-US',
    jsonInit(
      'POST',
      {
        courier_id: courierId,
        order_ids: [writtenOff],
        amount: cash - 1_000,
        settle_difference: 'write_off',
        write_off_reason: 'torn note',
      },
      owner.cookie,
    ),
  );
  expect(lost.status).toBe(201);
  for (const id of [short, writtenOff]) {
    expect(await net(id, 'cod_with_couriers')).toBe(0);
    expect(await net(id, 'cash_received')).toBe(95_000);
  }
});

test('a company’s settlement: the dry run posts nothing; applied, each order’s goods’ cash is received once, replayed or not', async () => {
  const orders = [await twoSellerOrder(), await twoSellerOrder()];
  for (const id of orders) await moveOrderTo(db, id, 'READY_TO_SHIP');
  const handed = await json(
    '/api/admin/courier-deliveries',
    jsonInit('POST', { company: 'sandbox', order_ids: orders }, operator.cookie),
  );
  expect(handed.status).toBeLessThan(300);
  const tracking = [];
  for (const id of orders) {
    tracking.push(await trackingOf(db, id));
    expect((await json(`/api/sandbox-courier/deliveries/${tracking.at(-1)}/deliver`, { method: 'POST' })).status).toBe(200);
    expect(await net(id, 'cod_with_couriers')).toBe(95_000);
  }
  const cash = await Promise.all(orders.map(async (id) => (await orderRow(id)).cash_to_collect));
  // The second order 5 EGP short: flagged on the desk, its goods' cash still off the couriers.
  const file = [
    'Tracking Number,COD,Fees',
    `${tracking[0]},${poundsText(cash[0]!)},35`,
    `${tracking[1]},${poundsText(cash[1]! - 500)},35`,
  ].join('\n');
  const settle = (apply: boolean, reference = 'cycle-9') =>
    json(
      '/api/admin/courier-settlements?lang=en-US',
      jsonInit('POST', { company: 'sandbox', reference, text: file, apply }, finance.cookie),
    );

  const dry = await settle(false);
  expect(dry.status).toBe(200);
  expect(dry.body.data.lines.map((l: { result: string }) => l.result)).toEqual(['matches', 'short']);
  for (const id of orders) {
    expect(await net(id, 'cod_with_couriers')).toBe(95_000);
    expect(await received(id)).toEqual([]);
  }

  expect((await settle(true)).status).toBe(200);
  for (const id of orders) {
    expect(await net(id, 'cod_with_couriers')).toBe(0);
    expect(await net(id, 'cash_received')).toBe(95_000);
    expect(await received(id)).toHaveLength(2);
    expect(JSON.parse((await auditOf(id))[0]!.after_json!)).toMatchObject({ via: 'settlement:sandbox:cycle-9' });
  }
  // The same file applied again (another reference): the deliveries are rewritten, the ledger posts nothing more.
  expect((await settle(true, 'cycle-9-again')).status).toBe(200);
  for (const id of orders) {
    expect(await received(id)).toHaveLength(2);
    expect(await net(id, 'cash_received')).toBe(95_000);
    expect(await auditOf(id)).toHaveLength(1);
  }
});
