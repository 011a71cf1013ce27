import { afterAll, describe, expect, test } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET } from '../../src/server/couriers/sandbox-courier.ts';
import { WEBHOOK_SECRET_HEADER } from '../../src/server/couriers/courier-company.ts';
import { failDelivery } from '../support/order-states.ts';
import { orderRow, readyOrder, trackingOf } from '../support/courier-deliveries.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';
import { pdfPages } from '../support/pdf-text.ts';
import { makeAddress, makeProduct, placeOrder } from '../support/orders.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { makeShopper } from '../support/shoppers.ts';

/**
 * Handing orders over to a courier company and its tracking moving them (issue 38), on the sandbox courier (on
 * outside production), through the API as the desk and the company reach it.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const support = await makeStaff(db, api, 'support');

const handOver = (orderIds: number[], cookie = operator.cookie, lang = 'en-US') =>
  json(`/api/admin/courier-deliveries?lang=${lang}`, jsonInit('POST', { company: 'sandbox', order_ids: orderIds }, cookie));
const drive = (tracking: string, action: string) =>
  json(`/api/sandbox-courier/deliveries/${tracking}/${action}`, { method: 'POST' });
const webhook = (body: unknown, secret: string | null = SANDBOX_WEBHOOK_SECRET) =>
  json('/api/couriers/sandbox/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { [WEBHOOK_SECRET_HEADER]: secret } : {}) },
    body: JSON.stringify(body),
  });
const eventsOf = (orderId: number) =>
  db.selectFrom('order_events').select(['status', 'actor']).where('order_id', '=', orderId).orderBy('id').execute();
const deliveriesOf = (orderId: number) =>
  db.selectFrom('courier_deliveries').selectAll().where('order_id', '=', orderId).execute();

describe('hand-over', () => {
  test('orders ready to ship get one delivery each with the cash to collect; two clicks and two concurrent requests create no second', async () => {
    const a = await readyOrder(db, json, 31000);
    const b = await readyOrder(db, json, 42000);
    const [first, second] = await Promise.all([handOver([a.id, b.id]), handOver([b.id, a.id])]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const again = await handOver([a.id]);
    expect(again.body.data).toEqual([
      expect.objectContaining({ orderId: a.id, outcome: 'existing', trackingNumber: await trackingOf(db, a.id) }),
    ]);
    for (const order of [a, b]) {
      const rows = await deliveriesOf(order.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ company: 'sandbox', cod: order.total, step: 'created', open: 1 });
    }
    // The order waits for the company's pickup on the shelf; the hand-over is audited as the member.
    expect((await orderRow(db, a.id)).status).toBe('READY_TO_SHIP');
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.courier_hand_over')
      .where('subject_id', '=', String(a.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staff_id).toBe(operator.id);
  });

  test('an order the company cannot take says which field is missing; one not ready to ship says so', async () => {
    const order = await readyOrder(db, json);
    await db
      .updateTable('orders')
      .set({ address_street: ' ', address_area: '', address_city: '' })
      .where('id', '=', order.id)
      .execute();
    const placed = await readyOrder(db, json);
    await db.updateTable('orders').set({ status: 'PREPARE' }).where('id', '=', placed.id).execute();
    const res = await handOver([order.id, placed.id]);
    expect(res.body.data).toEqual([
      { orderId: order.id, outcome: 'missing', missing: ['area', 'street'] },
      { orderId: placed.id, outcome: 'notReady', status: 'PREPARE' },
    ]);
    expect(await deliveriesOf(order.id)).toHaveLength(0);
    const list = await json('/api/admin/courier-deliveries', { headers: { cookie: operator.cookie } });
    expect(list.body.data.orders.find((o: { orderId: number }) => o.orderId === order.id).missing).toEqual(['area', 'street']);
  });

  test('support may read the desk but not hand over', async () => {
    const order = await readyOrder(db, json);
    expect((await json('/api/admin/courier-deliveries', { headers: { cookie: support.cookie } })).status).toBe(200);
    const refused = await handOver([order.id], support.cookie);
    expect(refused.status).toBe(403);
    expect(await deliveriesOf(order.id)).toHaveLength(0);
  });
});

describe('tracking moves the order', () => {
  test('picked up → with the courier (cash to collect set), delivered → delivered; each move by the company', async () => {
    const order = await readyOrder(db, json, 25000);
    await handOver([order.id]);
    const tracking = await trackingOf(db, order.id);
    expect((await drive(tracking, 'advance')).status).toBe(200);
    expect(await orderRow(db, order.id)).toMatchObject({
      status: 'WITH_COURIER',
      cash_to_collect: order.total,
      tracking_number: tracking,
    });
    await drive(tracking, 'deliver');
    expect((await orderRow(db, order.id)).status).toBe('DELIVERED');
    const events = await eventsOf(order.id);
    expect(events.slice(-2)).toEqual([
      { status: 'WITH_COURIER', actor: 'courier:sandbox' },
      { status: 'DELIVERED', actor: 'courier:sandbox' },
    ]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['staff_email', 'staff_role'])
      .where('action', '=', 'order.move')
      .where('subject_id', '=', String(order.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ staff_email: 'courier:sandbox', staff_role: 'system' });
  });

  test('a webhook without the secret header, or with a wrong one, is refused and moves nothing', async () => {
    const order = await readyOrder(db, json);
    await handOver([order.id]);
    const tracking = await trackingOf(db, order.id);
    const body = { trackingNumber: tracking, state: 21 };
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body, 'guessed-secret')).status).toBe(401);
    expect((await orderRow(db, order.id)).status).toBe('READY_TO_SHIP');
  });

  test('a webhook whose state the re-fetched delivery contradicts is ignored', async () => {
    const order = await readyOrder(db, json);
    await handOver([order.id]);
    const tracking = await trackingOf(db, order.id);
    // Says "delivered" while the company still waits to pick the parcel up.
    const res = await webhook({ trackingNumber: tracking, state: 45 });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('contradicted');
    expect((await orderRow(db, order.id)).status).toBe('READY_TO_SHIP');
  });

  test('the same webhook posted three times (and three at once) makes one move', async () => {
    const order = await readyOrder(db, json);
    await handOver([order.id]);
    const tracking = await trackingOf(db, order.id);
    await drive(tracking, 'deliver');
    const before = (await eventsOf(order.id)).length;
    const replay = { trackingNumber: tracking, state: 45 };
    const outcomes = [await webhook(replay), await webhook(replay), await webhook(replay)];
    expect(outcomes.map((r) => r.body.data.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    const twin = await readyOrder(db, json);
    await handOver([twin.id]);
    const twinTracking = await trackingOf(db, twin.id);
    await drive(twinTracking, 'advance');
    await drive(twinTracking, 'advance');
    await drive(twinTracking, 'advance');
    const twinEvents = (await eventsOf(twin.id)).length;
    await Promise.all([1, 2, 3].map(() => webhook({ trackingNumber: twinTracking, state: 45 })));
    expect((await eventsOf(order.id)).length).toBe(before);
    expect((await eventsOf(twin.id)).length).toBe(twinEvents);
    expect((await orderRow(db, twin.id)).status).toBe('DELIVERED');
  });

  test('a failed attempt goes back to the shelf once, the next attempt delivers', async () => {
    const order = await readyOrder(db, json);
    await handOver([order.id]);
    const tracking = await trackingOf(db, order.id);
    await drive(tracking, 'fail');
    expect((await orderRow(db, order.id)).status).toBe('READY_TO_SHIP');
    await webhook({ trackingNumber: tracking, state: 47 });
    const failures = await db.selectFrom('delivery_failures').selectAll().where('order_id', '=', order.id).execute();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ outcome: 'reschedule', reason: 'Sandbox courier: delivery attempt 1 failed' });
    await drive(tracking, 'deliver');
    expect(await orderRow(db, order.id)).toMatchObject({ status: 'DELIVERED', cash_to_collect: order.total });
  });

  test('a returned parcel cancels the order and puts the stock back; never backwards after', async () => {
    const order = await readyOrder(db, json);
    const [line] = await db
      .selectFrom('order_lines')
      .select(['product_id', 'quantity'])
      .where('order_id', '=', order.id)
      .execute();
    const stockOf = async () =>
      (await db.selectFrom('products').select('stock').where('id', '=', line!.product_id).executeTakeFirstOrThrow()).stock;
    const stockBefore = await stockOf();
    await handOver([order.id]);
    const tracking = await trackingOf(db, order.id);
    await drive(tracking, 'advance');
    await drive(tracking, 'return');
    expect((await orderRow(db, order.id)).status).toBe('CANCELED');
    expect(await stockOf()).toBe(stockBefore + line!.quantity);
    expect((await drive(tracking, 'deliver')).status).toBe(409);
    expect((await orderRow(db, order.id)).status).toBe('CANCELED');
  });

  test('a delivery cancelled before pickup closes; the order may be handed over again; after pickup it cannot be', async () => {
    const order = await readyOrder(db, json);
    await handOver([order.id]);
    const cancel = await json(`/api/admin/courier-deliveries/${order.id}/cancel`, jsonInit('POST', {}, operator.cookie));
    expect(cancel.status).toBe(200);
    expect((await deliveriesOf(order.id))[0]).toMatchObject({ open: 0, step: 'cancelled' });
    const again = await handOver([order.id]);
    expect(again.body.data[0].outcome).toBe('created');
    await drive(await trackingOf(db, order.id), 'advance');
    const late = await json(`/api/admin/courier-deliveries/${order.id}/cancel?lang=ar-SA`, jsonInit('POST', {}, operator.cookie));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('استلمت شركة الشحن الطرد بالفعل: لم يعد إلغاء الشحنة ممكنًا.');
  });

  test('an order the desk already moved by hand is left alone by a late notice', async () => {
    const order = await readyOrder(db, json);
    await handOver([order.id]);
    const tracking = await trackingOf(db, order.id);
    await drive(tracking, 'advance');
    await failDelivery(db, order.id, 'return');
    await drive(tracking, 'deliver');
    expect((await orderRow(db, order.id)).status).toBe('CANCELED');
  });
});

describe('airway bills', () => {
  test('one PDF with a page per order, each with its tracking number, order and cash to collect', async () => {
    const orders = [await readyOrder(db, json, 30000), await readyOrder(db, json, 45050)];
    await handOver(orders.map((o) => o.id));
    const res = await api.request(`/api/admin/courier-deliveries/airway-bills?orders=${orders.map((o) => o.id).join(',')}`, {
      headers: { cookie: operator.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.clone().arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // One A6 sheet per order, printed by Chromium, each with its tracking number, order and cash to collect.
    const pages = pdfPages(new Uint8Array(await res.clone().arrayBuffer()));
    expect(pages).toHaveLength(2);
    for (const [i, order] of orders.entries()) {
      expect(pages[i]).toContain(await trackingOf(db, order.id));
      expect(pages[i]).toContain(`#${order.id}`);
    }
    expect(pages[1]).toContain('EGP 450.50');
  }, 60_000);

  test('orders without a delivery are refused in the reader language', async () => {
    const order = await readyOrder(db, json);
    const res = await json(`/api/admin/courier-deliveries/airway-bills?orders=${order.id}&lang=ar-SA`, {
      headers: { cookie: operator.cookie },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('اختر طلبات مسلَّمة إلى شركة شحن واحدة، لكل منها رقم تتبع.');
  });
});

test("the shopper's order shows the company, the tracking number and link, and the courier's step", async () => {
  const shopper = await makeShopper(db);
  const address = await makeAddress(db, shopper.id);
  const productId = await makeProduct(db, { price: 20000, stock: 5 });
  const placed = await placeOrder(json, shopper, productId, { address_id: address.id });
  const orderId = placed.body.data.id as number;
  const own = async (lang = 'en-US') =>
    (await json(`/api/orders/${orderId}?lang=${lang}`, { headers: shopper.headers })).body.data;
  expect((await own()).tracking).toBeNull();
  await moveOrderTo(db, orderId, 'READY_TO_SHIP');
  await handOver([orderId]);
  const tracking = await trackingOf(db, orderId);
  await drive(tracking, 'advance');
  expect((await own()).tracking).toEqual({
    company: 'Sandbox courier',
    number: tracking,
    link: `/api/sandbox-courier/deliveries/${tracking}`,
    step: 'picked_up',
  });
  // An Arabic page names the company in Arabic.
  expect((await own('ar-EG')).tracking.company).toBe('شركة الشحن التجريبية');
  const list = (await json('/api/orders', { headers: shopper.headers })).body.data as {
    id: number;
    tracking: { step: string };
  }[];
  expect(list.find((o) => o.id === orderId)!.tracking.step).toBe('picked_up');
});
