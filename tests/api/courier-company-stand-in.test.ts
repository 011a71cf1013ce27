import { afterAll, expect, test } from 'vitest';
import { WEBHOOK_SECRET_HEADER } from '../../src/server/couriers/courier-company.ts';
import { startCourierCompany } from '../../scripts/cluster/courier-company.mjs';
import { orderRow, readyOrder, trackingOf } from '../support/courier-deliveries.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The cluster's courier company (scripts/cluster/courier-company.mjs, issue 54) as the shop's real Bosta adapter meets
 * it: the desk hands an order over (districts looked up, the delivery created with our webhook and secret header),
 * the company drives the parcel and posts its notices (here straight into this API, as the proxy would pass them),
 * and only what its API answers moves the order: each notice once, repeats unchanged, a forged one refused.
 */
const courier = await startCourierCompany();
const saved = { ...process.env };
// Read on each call (src/server/config.ts): the shop's Bosta is this company from here on.
Object.assign(process.env, courier.env);
const { api, db, json, close } = await testApi();
afterAll(async () => {
  for (const name of Object.keys(courier.env)) if (saved[name] === undefined) delete process.env[name];
  await close();
  await courier.close();
});
const deliverHere = async (url: string, init: RequestInit) => {
  const res = await api.request(new URL(url).pathname, init);
  return { status: res.status, text: await res.text() };
};
courier.usePost(deliverHere);
const operator = await makeStaff(db, api, 'operations');

const handOver = (orderId: number) =>
  json('/api/admin/courier-deliveries', jsonInit('POST', { company: 'bosta', order_ids: [orderId] }, operator.cookie));
const notice = (tracking: string, state: number, secret = courier.secret) =>
  json('/api/couriers/bosta/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: secret },
    body: JSON.stringify({ trackingNumber: tracking, state, businessReference: 'forged' }),
  });
const countOf = async (table: 'order_events' | 'delivery_failures' | 'ledger_transactions', orderId: number) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).n,
  );

test('handed over through the Bosta adapter, driven by the company: each notice moves the order once', async () => {
  const order = await readyOrder(db, json, 31000);
  const res = await handOver(order.id);
  expect(res.body.data).toEqual([expect.objectContaining({ orderId: order.id, outcome: 'created' })]);
  const tracking = await trackingOf(db, order.id);
  const parcel = courier.parcels.get(tracking);
  // What the adapter sent: our reference, the cash in pounds, our webhook through the public origin with the secret.
  expect(parcel.delivery).toMatchObject({ businessReference: String(order.id), cod: 31000, stateCode: 10 });
  expect(parcel.webhookUrl).toMatch(/\/api\/couriers\/bosta\/webhook$/);
  expect(parcel.webhookHeaders).toEqual({ [WEBHOOK_SECRET_HEADER]: courier.secret });

  await courier.drive(tracking, 'advance');
  expect((await orderRow(db, order.id)).status).toBe('WITH_COURIER');
  // A forged "delivered" with the right secret: the company's API says otherwise, nothing moves.
  expect((await notice(tracking, 45)).body.data.outcome).toBe('contradicted');
  expect((await notice(tracking, 45, 'not-the-secret')).status).toBe(401);
  expect((await orderRow(db, order.id)).status).toBe('WITH_COURIER');

  await courier.drive(tracking, 'fail');
  expect((await orderRow(db, order.id)).status).toBe('READY_TO_SHIP');
  // The same failed attempt told again: counted once.
  expect((await notice(tracking, 47)).body.data.outcome).toBe('unchanged');
  expect(await countOf('delivery_failures', order.id)).toBe(1);

  await courier.drive(tracking, 'deliver');
  expect((await orderRow(db, order.id)).status).toBe('DELIVERED');
  expect((await notice(tracking, 45)).body.data.outcome).toBe('unchanged');
  const lines = await db.selectFrom('order_lines').select('id').where('order_id', '=', order.id).execute();
  expect(await countOf('ledger_transactions', order.id)).toBe(lines.length);

  // Every genuine notice was taken at once and none refused (out for delivery of an order already with the courier
  // moves nothing); the company's repeats were answered as repeats.
  const mine = courier.notices.filter((n: { trackingNumber: string }) => n.trackingNumber === tracking);
  expect(mine.map((n: { state: number; status: number; outcome: string }) => [n.state, n.status, n.outcome])).toEqual([
    [21, 200, 'moved'],
    [41, 200, 'unchanged'],
    [47, 200, 'moved'],
    [41, 200, 'moved'],
    [45, 200, 'moved'],
  ]);
  for (const n of mine.filter((m: { repeatOutcome?: string }) => m.repeatOutcome !== undefined))
    expect(n.repeatOutcome).toBe('unchanged');
  // WITH_COURIER and READY_TO_SHIP twice (the attempt failed, the next one picked it up again), the rest once.
  const events = await db.selectFrom('order_events').select('status').where('order_id', '=', order.id).execute();
  expect(events.filter((e) => e.status === 'WITH_COURIER')).toHaveLength(2);
  expect(events.filter((e) => e.status === 'DELIVERED')).toHaveLength(1);
});

test('a returned parcel cancels the order once; a parcel not picked up yet can be cancelled at the company', async () => {
  const returned = await readyOrder(db, json, 25000);
  await handOver(returned.id);
  const tracking = await trackingOf(db, returned.id);
  await courier.drive(tracking, 'advance');
  await courier.drive(tracking, 'return');
  expect((await orderRow(db, returned.id)).status).toBe('CANCELED');
  expect((await notice(tracking, 46)).body.data.outcome).toBe('unchanged');
  const cancels = await db
    .selectFrom('order_events')
    .select('status')
    .where('order_id', '=', returned.id)
    .where('status', '=', 'CANCELED')
    .execute();
  expect(cancels).toHaveLength(1);

  const waiting = await readyOrder(db, json, 25000);
  await handOver(waiting.id);
  const waitingTracking = await trackingOf(db, waiting.id);
  const res = await json(`/api/admin/courier-deliveries/${waiting.id}/cancel`, jsonInit('POST', {}, operator.cookie));
  expect(res.status).toBe(200);
  expect(courier.parcels.get(waitingTracking).delivery.stateCode).toBe(48);
});

test('the same failed attempt told three times at once is recorded once, claim and failure in one transaction', async () => {
  const order = await readyOrder(db, json, 27000);
  await handOver(order.id);
  const tracking = await trackingOf(db, order.id);
  await courier.drive(tracking, 'advance');
  // The company's own notices (out for delivery, the failed attempt) are lost on the way: the order is still with the
  // courier, and the three below are the attempt's late retries.
  courier.usePost(async () => ({ status: 200, text: '{}' }));
  await courier.drive(tracking, 'fail');
  courier.usePost(deliverHere);
  const failed = await Promise.all([1, 2, 3].map(() => notice(tracking, 47)));
  expect(failed.map((a) => a.body.data.outcome).sort()).toEqual(['moved', 'unchanged', 'unchanged']);
  expect(await countOf('delivery_failures', order.id)).toBe(1);
  const delivery = await db
    .selectFrom('courier_deliveries')
    .select('failures_recorded')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  expect(delivery.failures_recorded).toBe(1);
  expect((await orderRow(db, order.id)).status).toBe('READY_TO_SHIP');
});
