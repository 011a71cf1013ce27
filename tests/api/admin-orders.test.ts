import { afterAll, describe, expect, test } from 'vitest';
import { makeAddress, makeProduct, placeOrder, stockOf } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const courier = await db
  .insertInto('couriers')
  .values({ name: 'Karim Courier', phone: '+201001112233', created_at: new Date().toISOString() })
  .returning('id')
  .executeTakeFirstOrThrow();

/** A cash-on-delivery order placed through the shop's own API: 2 × EGP 300 of a product with 5 in stock. */
async function codOrder(firstName = 'Salma') {
  const shopper = await makeShopper(db, { first_name: firstName });
  const productId = await makeProduct(db, { price: 30000, stock: 5 });
  const address = await makeAddress(db, shopper.id);
  const res = await placeOrder(json, shopper, productId, { quantity: 2, address_id: address.id });
  expect(res.status).toBe(201);
  const phone = (await db.selectFrom('users').select('phone').where('id', '=', shopper.id).executeTakeFirstOrThrow()).phone;
  return { id: res.body.data.id as number, productId, shopper, phone, total: res.body.data.DiscountedTotal as number };
}

const move = (id: number, body: Record<string, unknown>, cookie = operator.cookie, lang = 'en-US') =>
  json(`/api/admin/orders/${id}/move?lang=${lang}`, jsonInit('POST', body, cookie));
const call = (id: number, body: Record<string, unknown>) =>
  json(`/api/admin/orders/${id}/calls`, jsonInit('POST', body, operator.cookie));

describe('the orders list', () => {
  test('finds an order by number, by phone in any usual form and by name; counts per status ignore the status filter', async () => {
    const order = await codOrder('Yasmine');
    const local = `0${order.phone.slice(3)}`;
    const arabicDigits = local.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    for (const q of [`#${order.id}`, String(order.id), local, order.phone, arabicDigits, 'yasmine']) {
      const res = await json(`/api/admin/orders?q=${encodeURIComponent(q)}`, { headers: operator.headers });
      expect(res.status).toBe(200);
      expect(res.body.data.rows.map((r: { id: number }) => r.id)).toContain(order.id);
    }
    const placed = await json('/api/admin/orders?status=PLACED&payment_method=cash_on_delivery', { headers: operator.headers });
    expect(placed.body.data.rows.every((r: { status: string }) => r.status === 'PLACED')).toBe(true);
    expect(placed.body.data.counts.PLACED).toBe(placed.body.data.total);
    const other = await json(`/api/admin/orders?status=DELIVERED&q=${order.id}`, { headers: operator.headers });
    expect(other.body.data.rows).toEqual([]);
    expect(other.body.data.counts.PLACED).toBe(1);
  });

  test('sorts by total and pages on the server', async () => {
    await codOrder();
    const asc = await json('/api/admin/orders?sort=total&dir=asc', { headers: operator.headers });
    const totals = asc.body.data.rows.map((r: { total: number }) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const far = await json('/api/admin/orders?page=999', { headers: operator.headers });
    expect(far.body.data.rows).toEqual([]);
  });
});

describe('moving an order along its lifecycle', () => {
  test('confirmed by phone, prepared, handed to a courier with the cash to collect, delivered; each step audited', async () => {
    const order = await codOrder();
    expect((await call(order.id, { outcome: 'confirmed' })).body.data.status).toBe('ACCEPT');
    expect((await move(order.id, { from: 'ACCEPT', to: 'PREPARE' })).status).toBe(200);
    expect((await move(order.id, { from: 'PREPARE', to: 'READY_TO_SHIP' })).status).toBe(200);
    const noCourier = await move(order.id, { from: 'READY_TO_SHIP', to: 'WITH_COURIER' });
    expect(noCourier.status).toBe(422);
    expect(noCourier.body.errors.courier_id[0]).toBe('Choose a courier.');
    expect(
      (await move(order.id, { from: 'READY_TO_SHIP', to: 'WITH_COURIER', courier_id: courier.id, tracking_number: 'TRK-1' }))
        .status,
    ).toBe(200);
    expect((await move(order.id, { from: 'WITH_COURIER', to: 'DELIVERED' })).status).toBe(200);
    const row = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'DELIVERED',
      courier_id: courier.id,
      tracking_number: 'TRK-1',
      cash_to_collect: order.total,
    });
    expect(row.delivered_at).not.toBeNull();
    const page = await json(`/api/admin/orders/${order.id}`, { headers: operator.headers });
    expect(page.body.data.timeline.map((e: { kind: string; status?: string }) => e.status ?? e.kind)).toEqual([
      'PLACED',
      'call',
      'ACCEPT',
      'PREPARE',
      'READY_TO_SHIP',
      'WITH_COURIER',
      'DELIVERED',
    ]);
    // Newest first: the call is logged, and its confirmation audited as every confirmation is (issue 48), in one transaction.
    expect(page.body.data.audit.map((a: { action: string }) => a.action)).toEqual([
      'order.move',
      'order.move',
      'order.move',
      'order.move',
      expect.stringMatching(/^order\.(move|call)$/),
      expect.stringMatching(/^order\.(move|call)$/),
    ]);
    expect(
      page.body.data.audit
        .slice(-2)
        .map((a: { action: string }) => a.action)
        .sort(),
    ).toEqual(['order.call', 'order.move']);
    expect(page.body.data.nextStatuses).toEqual([]);
  });

  test('a move the lifecycle does not allow is refused, in the reader language', async () => {
    const order = await codOrder();
    const res = await move(order.id, { from: 'PLACED', to: 'DELIVERED' }, operator.cookie, 'ar-SA');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('لا يمكن نقل هذا الطلب من «تم الطلب» إلى «تم التوصيل».');
  });

  test('cancelling needs a reason and gives the stock back, even after preparing started', async () => {
    const order = await codOrder();
    await call(order.id, { outcome: 'confirmed' });
    await move(order.id, { from: 'ACCEPT', to: 'PREPARE' });
    expect(await stockOf(db, order.productId)).toBe(3);
    expect((await move(order.id, { from: 'PREPARE', to: 'CANCELED' })).status).toBe(422);
    expect((await move(order.id, { from: 'PREPARE', to: 'CANCELED', reason: 'Out of the roast' })).status).toBe(200);
    expect(await stockOf(db, order.productId)).toBe(5);
    const event = await db
      .selectFrom('order_events')
      .select(['note', 'actor'])
      .where('order_id', '=', order.id)
      .where('status', '=', 'CANCELED')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ note: 'Out of the roast', actor: `staff:${operator.id}` });
  });

  test('two operators moving the same order at once: one wins, the other is told it moved on', async () => {
    const order = await codOrder();
    await call(order.id, { outcome: 'confirmed' });
    const [a, b] = await Promise.all([
      move(order.id, { from: 'ACCEPT', to: 'PREPARE' }),
      move(order.id, { from: 'ACCEPT', to: 'CANCELED', reason: 'Shopper changed their mind' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toMatch(
      /^Someone else changed this order a moment ago \(it is now “(Being prepared|Cancelled)”\)/,
    );
    const events = await db.selectFrom('order_events').select('status').where('order_id', '=', order.id).execute();
    expect(events).toHaveLength(3);
  });

  test('bulk moves report each order: one that moved on meanwhile does not hold back the others', async () => {
    const [first, second] = [await codOrder(), await codOrder()];
    await call(first.id, { outcome: 'confirmed' });
    await call(second.id, { outcome: 'confirmed' });
    await move(second.id, { from: 'ACCEPT', to: 'PREPARE' });
    const res = await json(
      '/api/admin/orders/bulk-move',
      jsonInit(
        'POST',
        {
          orders: [
            { id: first.id, from: 'ACCEPT' },
            { id: second.id, from: 'ACCEPT' },
          ],
          to: 'PREPARE',
        },
        operator.cookie,
      ),
    );
    expect(res.body.data).toEqual([
      { id: first.id, ok: true, status: 'PREPARE' },
      {
        id: second.id,
        ok: false,
        message: 'Someone else changed this order a moment ago (it is now “Being prepared”). Reload it and try again.',
      },
    ]);
  });
});

describe('failed deliveries and returns', () => {
  async function withCourier() {
    const order = await codOrder();
    await call(order.id, { outcome: 'confirmed' });
    for (const [from, to] of [
      ['ACCEPT', 'PREPARE'],
      ['PREPARE', 'READY_TO_SHIP'],
    ])
      await move(order.id, { from, to });
    await move(order.id, { from: 'READY_TO_SHIP', to: 'WITH_COURIER', courier_id: courier.id });
    return order;
  }

  test('rescheduled: back on the shelf, nothing to collect until handed over again', async () => {
    const order = await withCourier();
    const res = await json(
      `/api/admin/orders/${order.id}/failed-delivery`,
      jsonInit('POST', { reason: 'Nobody home', outcome: 'reschedule' }, operator.cookie),
    );
    expect(res.body.data.status).toBe('READY_TO_SHIP');
    const row = await db
      .selectFrom('orders')
      .select(['status', 'cash_to_collect'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'READY_TO_SHIP', cash_to_collect: 0 });
    expect(await stockOf(db, order.productId)).toBe(3);
  });

  test('returned to origin: restocked and closed', async () => {
    const order = await withCourier();
    const res = await json(
      `/api/admin/orders/${order.id}/failed-delivery`,
      jsonInit('POST', { reason: 'Refused at the door', outcome: 'return' }, operator.cookie),
    );
    expect(res.body.data.status).toBe('CANCELED');
    expect(await stockOf(db, order.productId)).toBe(5);
    const failures = await db
      .selectFrom('delivery_failures')
      .select(['reason', 'outcome'])
      .where('order_id', '=', order.id)
      .execute();
    expect(failures).toEqual([{ reason: 'Refused at the door', outcome: 'return' }]);
  });
});

describe('the confirmation queue', () => {
  test('after three failed calls the order is cancelled and its stock returned', async () => {
    const order = await codOrder();
    expect((await call(order.id, { outcome: 'no_answer' })).body.data).toEqual({ status: 'PLACED', failedCalls: 1 });
    expect((await call(order.id, { outcome: 'wrong_number' })).body.data).toEqual({ status: 'PLACED', failedCalls: 2 });
    expect(await stockOf(db, order.productId)).toBe(3);
    expect((await call(order.id, { outcome: 'no_answer' })).body.data).toEqual({ status: 'CANCELED', failedCalls: 3 });
    expect(await stockOf(db, order.productId)).toBe(5);
    const late = await call(order.id, { outcome: 'confirmed' });
    expect(late.status).toBe(409);
  });

  test('a call-back needs a time, and waits in the queue until it is due', async () => {
    const order = await codOrder();
    expect((await call(order.id, { outcome: 'call_back' })).status).toBe(422);
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect((await call(order.id, { outcome: 'call_back', call_back_at: later })).status).toBe(201);
    const queue = await json('/api/admin/confirmations', { headers: operator.headers });
    const ids = queue.body.data.map((q: { id: number }) => q.id);
    expect(ids.at(-1)).toBe(order.id);
    expect(queue.body.data.at(-1).callBackAt).toBe(later);
  });

  test('two operators confirming the same order at once: it is accepted once', async () => {
    const order = await codOrder();
    const results = await Promise.all([call(order.id, { outcome: 'confirmed' }), call(order.id, { outcome: 'confirmed' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const accepted = await db
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', order.id)
      .where('status', '=', 'ACCEPT')
      .execute();
    expect(accepted).toHaveLength(1);
  });

  test('notes land on the timeline', async () => {
    const order = await codOrder();
    expect(
      (await json(`/api/admin/orders/${order.id}/notes`, jsonInit('POST', { body: 'Deliver after 5 pm' }, operator.cookie)))
        .status,
    ).toBe(201);
    const page = await json(`/api/admin/orders/${order.id}`, { headers: operator.headers });
    expect(page.body.data.timeline).toContainEqual(expect.objectContaining({ kind: 'note', body: 'Deliver after 5 pm' }));
  });
});
