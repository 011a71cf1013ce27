import { afterAll, describe, expect, test } from 'vitest';
import { orderMoney } from '../../src/core/orders/server/refunds.ts';
import { makeCourier } from '../support/cash.ts';
import { makeAddress, send, stockOf } from '../support/orders.ts';
import { moveOrderTo, payOrder } from '../support/order-states.ts';
import { makeSeller, makeSellerMember, makeSellerProduct } from '../support/seller.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Orders split by seller (issue 40 item 4, docs/sellers.md "Orders"): an order with two sellers' lines gives each its
 * part; each works its own (accept, ready for pickup, a line out of stock cancelled with the shop's stock and refund
 * rules); another seller's part is not found; a role without `orders.work` is refused.
 */
const { db, json, close } = await testApi();
afterAll(close);

const roasterA = await makeSeller(db);
const roasterB = await makeSeller(db);
const ownerA = await makeSellerMember(db, roasterA, 'owner');
const ownerB = await makeSellerMember(db, roasterB, 'orders');
const financeA = await makeSellerMember(db, roasterA, 'finance');

/** A shopper buys `a` units of A's product and `b` units of B's (cash on delivery unless told). */
async function twoSellerOrder(fields: Record<string, unknown> = {}, a = 2, b = 1) {
  const beansA = await makeSellerProduct(db, roasterA, { price: 20000, stock: 10 });
  const beansB = await makeSellerProduct(db, roasterB, { price: 15000, stock: 10 });
  const shopper = await makeShopper(db);
  const address = await makeAddress(db, shopper.id);
  const placed = await json(
    '/api/orders',
    send('POST', shopper.headers, {
      products: [
        { product_id: beansA, quantity: a },
        { product_id: beansB, quantity: b },
      ],
      address_id: address.id,
      payment_method: 'cash_on_delivery',
      ...fields,
    }),
  );
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.id as number;
  const parts = await db.selectFrom('order_parts').selectAll().where('order_id', '=', orderId).orderBy('seller_id').execute();
  return {
    orderId,
    beansA,
    beansB,
    shopper,
    partA: parts.find((p) => p.seller_id === roasterA)!,
    partB: parts.find((p) => p.seller_id === roasterB)!,
  };
}

const post = (path: string, headers: Record<string, string>) => json(`/api/seller${path}`, { method: 'POST', headers });
const get = (path: string, headers: Record<string, string>) => json(`/api/seller${path}`, { headers });

describe('parts at placing', () => {
  test('a two-seller order gives each seller one new part with its own lines only; the shopper still has one order', async () => {
    const { orderId, partA, partB, beansA } = await twoSellerOrder();
    expect([partA.status, partB.status]).toEqual(['new', 'new']);
    const listA = await get('/parts', ownerA.headers);
    expect(listA.status).toBe(200);
    expect(listA.body.data.items.map((p: { orderId: number }) => p.orderId)).toContain(orderId);
    const seen = await get(`/parts/${partA.id}`, ownerA.headers);
    expect(seen.body.data.items).toHaveLength(1);
    expect(seen.body.data.items[0]).toMatchObject({ productId: beansA, quantity: 2, total: 40000 });
    expect(seen.body.data).toMatchObject({ city: 'Cairo', amount: 40000 });
    // The shopper's phone and street stay with the marketplace.
    expect(JSON.stringify(seen.body.data)).not.toMatch(/26 July|\+2010/);
    const orders = await db.selectFrom('orders').select('id').where('id', '=', orderId).execute();
    expect(orders).toHaveLength(1);
  });

  test("another seller's part answers 404 to every route, and a role without orders.work is refused (403)", async () => {
    const { partB } = await twoSellerOrder();
    const line = await db.selectFrom('order_lines').select('id').where('order_id', '=', partB.order_id).execute();
    expect((await get(`/parts/${partB.id}`, ownerA.headers)).status).toBe(404);
    expect((await post(`/parts/${partB.id}/accept`, ownerA.headers)).status).toBe(404);
    expect((await post(`/parts/${partB.id}/ready`, ownerA.headers)).status).toBe(404);
    expect((await post(`/parts/${partB.id}/lines/${line[1]!.id}/cancel`, ownerA.headers)).status).toBe(404);
    const { partA } = await twoSellerOrder();
    expect((await post(`/parts/${partA.id}/accept`, financeA.headers)).status).toBe(403);
    expect((await get(`/parts/${partA.id}`, financeA.headers)).status).toBe(200);
    expect((await get('/parts', {})).status).toBe(401);
  });
});

describe('the seller works its part', () => {
  test('accept, then ready for pickup; twice is refused; the desk sees both parts ready', async () => {
    const { orderId, partA, partB } = await twoSellerOrder();
    expect((await post(`/parts/${partA.id}/ready`, ownerA.headers)).status).toBe(409);
    expect((await post(`/parts/${partA.id}/accept`, ownerA.headers)).body.data.status).toBe('accepted');
    expect((await post(`/parts/${partA.id}/accept`, ownerA.headers)).status).toBe(409);
    expect((await post(`/parts/${partA.id}/ready`, ownerA.headers)).body.data.status).toBe('ready');
    await post(`/parts/${partB.id}/accept`, ownerB.headers);
    await post(`/parts/${partB.id}/ready`, ownerB.headers);
    const parts = await db.selectFrom('order_parts').select('status').where('order_id', '=', orderId).execute();
    expect(parts.map((p) => p.status)).toEqual(['ready', 'ready']);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'seller_id'])
      .where('subject_id', '=', String(orderId))
      .execute();
    expect(
      audit
        .filter((a) => a.action === 'orderPart.ready')
        .map((a) => a.seller_id)
        .sort(),
    ).toEqual([roasterA, roasterB].sort());
  });

  test('a line out of stock: its units back, the cash order shrinks by it, the part cancelled, the other part untouched', async () => {
    const { orderId, partA, partB, beansA } = await twoSellerOrder();
    const before = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(await stockOf(db, beansA)).toBe(8);
    const line = await db.selectFrom('order_lines').select('id').where('product_id', '=', beansA).executeTakeFirstOrThrow();
    const cancelled = await post(`/parts/${partA.id}/lines/${line.id}/cancel`, ownerA.headers);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await stockOf(db, beansA)).toBe(10);
    const after = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(after.status).toBe('PLACED');
    expect(after.total).toBe(before.total - 40000);
    expect(
      (await db.selectFrom('order_parts').select('status').where('id', '=', partB.id).executeTakeFirstOrThrow()).status,
    ).toBe('new');
    const events = await db.selectFrom('order_events').select(['actor', 'note']).where('order_id', '=', orderId).execute();
    expect(events.at(-1)).toMatchObject({ actor: `seller:${ownerA.memberId}` });
    expect((await post(`/parts/${partA.id}/lines/${line.id}/cancel`, ownerA.headers)).status).toBe(409);
  });

  test("a paid order's line goes back to the wallet; cancelling the rest later owes only the rest; the money balances", async () => {
    const { orderId, partA, beansA, shopper } = await twoSellerOrder({ payment_method: 'card' });
    await payOrder(db, orderId);
    const paid = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const line = await db.selectFrom('order_lines').select('id').where('product_id', '=', beansA).executeTakeFirstOrThrow();
    expect((await post(`/parts/${partA.id}/lines/${line.id}/cancel`, ownerA.headers)).status).toBe(200);
    const wallet = await db.selectFrom('wallet_ledger').select(['amount', 'reason']).where('user_id', '=', shopper.id).execute();
    expect(wallet).toContainEqual({ amount: 40000, reason: 'order_refund' });
    let money = await orderMoney(db, orderId);
    expect(money).toEqual({ received: paid.total, refunded: 40000, kept: paid.total - 40000 });
    await moveOrderTo(db, orderId, 'CANCELED');
    money = await orderMoney(db, orderId);
    expect(money).toEqual({ received: paid.total, refunded: paid.total, kept: 0 });
    expect(await stockOf(db, beansA)).toBe(10);
  });

  test("a single-seller order's last line out of stock cancels the whole order, stock back", async () => {
    const beans = await makeSellerProduct(db, roasterA, { price: 10000, stock: 3 });
    const shopper = await makeShopper(db);
    const address = await makeAddress(db, shopper.id);
    const placed = await json(
      '/api/orders',
      send('POST', shopper.headers, {
        products: [{ product_id: beans, quantity: 3 }],
        address_id: address.id,
        payment_method: 'cash_on_delivery',
      }),
    );
    const orderId = placed.body.data.id as number;
    const part = await db.selectFrom('order_parts').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const line = await db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect((await post(`/parts/${part.id}/lines/${line.id}/cancel`, ownerA.headers)).status).toBe(200);
    const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('CANCELED');
    expect(await stockOf(db, beans)).toBe(3);
    expect((await db.selectFrom('order_parts').select('status').where('id', '=', part.id).executeTakeFirstOrThrow()).status).toBe(
      'cancelled',
    );
  });
});

describe('the dashboard', () => {
  test("sales count this month's delivered lines of the seller only; parts to prepare count new and accepted", async () => {
    const start = (await get('/dashboard', ownerB.headers)).body.data;
    const { orderId, partA, partB } = await twoSellerOrder({}, 1, 3);
    for (const [part, owner] of [
      [partA, ownerA],
      [partB, ownerB],
    ] as const) {
      await post(`/parts/${part.id}/accept`, owner.headers);
      await post(`/parts/${part.id}/ready`, owner.headers);
    }
    await moveOrderTo(db, orderId, 'DELIVERED', { courierId: await makeCourier(db), trackingNumber: 'T-1' });
    const figures = (await get('/dashboard', ownerB.headers)).body.data;
    expect(figures.sales - start.sales).toBe(45000);
    // The seller's share of the delivered lines waits in pending (the marketplace's default 10% commission kept).
    expect(figures.balances.pending - start.balances.pending).toBe(40500);
    await twoSellerOrder();
    const later = (await get('/dashboard', ownerB.headers)).body.data;
    expect(later.partsToPrepare.new).toBe(figures.partsToPrepare.new + 1);
  });

  test("issue 49: an order whose only line for this seller was cancelled is not counted among the seller's orders", async () => {
    const start = (await get('/dashboard', ownerA.headers)).body.data;
    const { orderId, partA } = await twoSellerOrder();
    const placed = (await get('/dashboard', ownerA.headers)).body.data;
    expect(placed.orders).toBe(start.orders + 1);
    const line = await db
      .selectFrom('order_lines')
      .select('id')
      .where('order_id', '=', orderId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await post(`/parts/${partA.id}/lines/${line.id}/cancel`, ownerA.headers)).status).toBe(200);
    const after = (await get('/dashboard', ownerA.headers)).body.data;
    expect(after.orders).toBe(start.orders);
    expect(after.recent.map((o: { order_id: number }) => o.order_id)).not.toContain(orderId);
    expect(after.partsToPrepare.new).toBe(start.partsToPrepare.new);
  });
});
