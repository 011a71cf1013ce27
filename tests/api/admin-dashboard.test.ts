import { afterAll, expect, test } from 'vitest';
import { cairoDayStart, cairoToday } from '../../src/lib/cairo-day.ts';
import type { OrderStatus } from '../../src/lib/orders/order-status.ts';
import { daysAgo, makeCourier, placeCodOrder, placeOrderTotalling } from '../support/cash.ts';
import { backdateOrder, failDelivery, moveOrderTo } from '../support/order-states.ts';
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

/**
 * An order placed through the API (cash on delivery, or an unpaid card order), moved to `status` along the orders
 * desk's service (tests/support/order-states.ts), then backdated: created, and every event, at `createdAt`.
 */
async function order(status: OrderStatus, createdAt: Date, extra: { price?: number; total?: number; courierId?: number } = {}) {
  const o = extra.total ? await placeOrderTotalling(db, json, extra.total) : await placeCodOrder(db, json, extra.price);
  await moveOrderTo(db, o.id, status, { courierId: extra.courierId });
  await backdateOrder(db, o.id, { createdAt, events: createdAt });
  return o;
}

test('today, awaiting, rates, cash per courier and refunds owed, each as docs/back-office-cash.md defines it', async () => {
  const waiting = await order('PLACED', today, { price: 10000 });
  const cancelled = await order('CANCELED', today, { price: 20000 });
  const confirmed = await order('ACCEPT', today, { price: 30000 });
  await order('PREPARE', yesterday);
  // An online checkout never paid: created today, never placed, so not one of today's orders.
  const unpaid = await placeOrderTotalling(db, json, 20000, false, 'card');
  await backdateOrder(db, unpaid.id, { createdAt: today, events: today });
  // Delivered 8 days ago after a failed first attempt: handed over twice, failed once; its cash is still with us.
  const courier = await makeCourier(db, 'Samir');
  const deliveredOrder = await order('WITH_COURIER', daysAgo(10, now), { total: 45000, courierId: courier });
  await failDelivery(db, deliveredOrder.id, 'reschedule', { reason: 'Not at home' });
  await moveOrderTo(db, deliveredOrder.id, 'DELIVERED', { courierId: courier });
  // Events: PLACED, ACCEPT, PREPARE, READY_TO_SHIP 10 days ago; handed over and failed 9 days ago; again and delivered 8.
  const tenDays = daysAgo(10, now);
  await backdateOrder(db, deliveredOrder.id, {
    events: [tenDays, tenDays, tenDays, tenDays, daysAgo(9, now), daysAgo(9, now), daysAgo(8, now)],
    failures: daysAgo(9, now),
    deliveredAt: daysAgo(8, now),
  });
  // Outside the 30-day window: neither the rates' orders nor their failures count.
  const old = await order('WITH_COURIER', daysAgo(40, now), { courierId: courier });
  await failDelivery(db, old.id, 'return', { reason: 'Refused at the door' });
  const fortyDays = daysAgo(40, now);
  await backdateOrder(db, old.id, {
    events: [fortyDays, fortyDays, fortyDays, fortyDays, daysAgo(39, now)],
    failures: daysAgo(39, now),
  });
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
  const { readDashboard } = await import('../../src/desk/dashboard/server/dashboard.ts');
  // A year from now, the last 30 days hold nothing.
  const figures = await readDashboard(db, daysAgo(-365, now));
  expect(figures.confirmation).toEqual({ part: 0, whole: 0, rate: null });
  expect(figures.failedDelivery).toEqual({ part: 0, whole: 0, rate: null });
});
