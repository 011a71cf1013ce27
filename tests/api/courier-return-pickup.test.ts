import { afterAll, expect, test } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET } from '../../src/server/couriers/sandbox-courier.ts';
import { WEBHOOK_SECRET_HEADER } from '../../src/server/couriers/courier-company.ts';
import { courierCompany } from '../../src/server/couriers/companies.ts';
import { readyOrder, trackingOf } from '../support/courier-deliveries.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * A return pickup booked from the desk (issue 38): the company's type-25 pickup at the shopper's address for a
 * delivered order the shopper sends back; two clicks or two concurrent requests book it once.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const support = await makeStaff(db, api, 'support');

const book = (orderId: number, cookie = operator.cookie, lang = 'en-US') =>
  json(`/api/admin/courier-deliveries/${orderId}/return-pickup?lang=${lang}`, jsonInit('POST', { company: 'sandbox' }, cookie));

async function deliveredOrder() {
  const order = await readyOrder(db, json);
  await json('/api/admin/courier-deliveries', jsonInit('POST', { company: 'sandbox', order_ids: [order.id] }, operator.cookie));
  await json(`/api/sandbox-courier/deliveries/${await trackingOf(db, order.id)}/deliver`, { method: 'POST' });
  return order;
}

test('a delivered order gets one return pickup at the company, however often it is asked', async () => {
  const order = await deliveredOrder();
  const [a, b] = await Promise.all([book(order.id), book(order.id)]);
  expect([a.status, b.status]).toEqual([200, 200]);
  const again = await book(order.id);
  const tracking = again.body.data.trackingNumber as string;
  expect(tracking).toMatch(/^SB\d{8}$/);
  expect(again.body.data).toMatchObject({
    orderId: order.id,
    company: 'sandbox',
    trackingLink: `/api/sandbox-courier/deliveries/${tracking}`,
  });
  expect(await db.selectFrom('courier_return_pickups').selectAll().where('order_id', '=', order.id).execute()).toHaveLength(1);
  // At the company: a pickup with our return's reference, not a second forward delivery of the order.
  const atCompany = await courierCompany(db, 'sandbox').track(tracking);
  expect(atCompany.businessReference).toMatch(/^return-\d+$/);
  expect((await courierCompany(db, 'sandbox').findDelivery(order.id))!.trackingNumber).toBe(await trackingOf(db, order.id));
  const audit = await db
    .selectFrom('audit_log')
    .select('staff_id')
    .where('action', '=', 'order.courier_return_pickup')
    .where('subject_id', '=', String(order.id))
    .execute();
  expect(audit).toEqual([{ staff_id: operator.id }]);

  // The pickup's own notices record its step and leave the delivered order alone.
  await json(`/api/sandbox-courier/deliveries/${tracking}/advance`, { method: 'POST' });
  const pickup = await db
    .selectFrom('courier_return_pickups')
    .select(['step', 'state_code'])
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  expect(pickup).toEqual({ step: 'picked_up', state_code: 21 });
  expect((await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe(
    'DELIVERED',
  );
  const replay = await json('/api/couriers/sandbox/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: SANDBOX_WEBHOOK_SECRET },
    body: JSON.stringify({ trackingNumber: tracking, state: 21 }),
  });
  expect(replay.body.data.outcome).toBe('unchanged');
});

test('an order not delivered is refused in the reader’s language; support may not book', async () => {
  const order = await readyOrder(db, json);
  const refused = await book(order.id, operator.cookie, 'ar-SA');
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('يُحجز استلام المرتجع لطلب تم توصيله فقط.');
  expect((await book(order.id, support.cookie)).status).toBe(403);
});
