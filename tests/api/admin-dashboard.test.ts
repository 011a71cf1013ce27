import { afterAll, expect, test } from 'vitest';
import { cairoDayStart, cairoToday } from '../../src/lib/admin/cairo-day.ts';
import { addEvent, daysAgo, makeCourier, placeCodOrder, setOrder } from '../support/cash.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/** The dashboard's figures over rows written for it (a database of its own, so every figure is exact). */
const { api, db, json, close } = await testApi();
afterAll(close);

const support = await makeStaff(db, api, 'support');
const now = new Date();
const todayStart = new Date(cairoDayStart(cairoToday(now)));
// A minute into Cairo's today, and a minute before it: today and yesterday whatever the hour the test runs.
const today = new Date(todayStart.getTime() + 60_000);
const yesterday = new Date(todayStart.getTime() - 60_000);

/** A COD order placed through the API, then moved in time and status; its PLACED event follows its creation time. */
async function order(status: Parameters<typeof setOrder>[2]['status'], createdAt: Date, extra: { price?: number } = {}) {
  const o = await placeCodOrder(db, json, extra.price);
  await setOrder(db, o.id, { status, createdAt });
  await db.updateTable('order_events').set({ created_at: createdAt.toISOString() }).where('order_id', '=', o.id).execute();
  return o;
}

test('today, awaiting, rates, cash per courier and refunds owed, each as docs/back-office-cash.md defines it', async () => {
  const waiting = await order('PLACED', today, { price: 10000 });
  const cancelled = await order('CANCELED', today, { price: 20000 });
  const confirmed = await order('ACCEPT', today, { price: 30000 });
  await addEvent(db, confirmed.id, 'ACCEPT', today);
  const preparing = await order('PREPARE', yesterday);
  await addEvent(db, preparing.id, 'ACCEPT', yesterday);
  // An online checkout never paid: created today, never placed, so not one of today's orders.
  const unpaid = await order('PENDING', today);
  await db.deleteFrom('order_events').where('order_id', '=', unpaid.id).execute();
  await db.updateTable('orders').set({ payment_method: 'card' }).where('id', '=', unpaid.id).execute();
  // Delivered 10 days ago after a failed first attempt: handed over twice, failed once; its cash is still with us.
  const courier = await makeCourier(db, 'Samir');
  const deliveredOrder = await order('DELIVERED', daysAgo(10, now));
  await addEvent(db, deliveredOrder.id, 'ACCEPT', daysAgo(10, now));
  await addEvent(db, deliveredOrder.id, 'WITH_COURIER', daysAgo(9, now));
  await addEvent(db, deliveredOrder.id, 'WITH_COURIER', daysAgo(8, now));
  await setOrder(db, deliveredOrder.id, { status: 'DELIVERED', courierId: courier, cash: 45000, deliveredAt: daysAgo(8, now) });
  const failure = { order_id: deliveredOrder.id, staff_id: support.id, reason: 'Not at home', outcome: 'reschedule' };
  await db
    .insertInto('delivery_failures')
    .values({ ...failure, created_at: daysAgo(9, now).toISOString() })
    .execute();
  // Outside the 30-day window: neither the rates' orders nor their failures count.
  const old = await order('CANCELED', daysAgo(40, now));
  await addEvent(db, old.id, 'ACCEPT', daysAgo(40, now));
  await addEvent(db, old.id, 'WITH_COURIER', daysAgo(39, now));
  await db
    .insertInto('delivery_failures')
    .values({ ...failure, order_id: old.id, created_at: daysAgo(39, now).toISOString() })
    .execute();
  const refund = { order_id: cancelled.id, payment_id: null, destination: 'card' as const, reason: 'cancelled' as const };
  await db
    .insertInto('refunds')
    .values([
      { ...refund, amount: 12000, status: 'owed', created_at: now.toISOString(), paid_at: null },
      { ...refund, amount: 3450, status: 'owed', created_at: now.toISOString(), paid_at: null },
      { ...refund, amount: 99999, status: 'paid', created_at: now.toISOString(), paid_at: now.toISOString() },
    ])
    .execute();

  const res = await json('/api/admin/dashboard', { headers: support.headers });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({
    day: cairoToday(now),
    today: { orders: 3, revenue: waiting.total + confirmed.total },
    awaitingConfirmation: 1,
    awaitingShipment: 2,
    // COD orders of the last 30 days: waiting, cancelled, confirmed, preparing, delivered (5); reached ACCEPT: 3.
    confirmation: { part: 3, whole: 5, rate: 0.6 },
    failedDelivery: { part: 1, whole: 2, rate: 0.5 },
    couriers: [{ id: courier, name: 'Samir', owed: 45000, carrying: 0, overdueOrders: 1 }],
    cashOutstanding: 45000,
    refundsOwed: { count: 2, amount: 15450 },
  });
});

test('rates without anything to divide by are null, not zero', async () => {
  const { readDashboard } = await import('../../src/server/admin/dashboard.ts');
  // A year from now, the last 30 days hold nothing.
  const figures = await readDashboard(db, daysAgo(-365, now));
  expect(figures.confirmation).toEqual({ part: 0, whole: 0, rate: null });
  expect(figures.failedDelivery).toEqual({ part: 0, whole: 0, rate: null });
});
