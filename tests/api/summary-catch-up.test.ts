import { afterAll, expect, test, vi } from 'vitest';
import { cairoToday } from '../../src/lib/cairo-day.ts';
import { rebuildOrderSummaries } from '../../src/core/reports/server/order-summaries.ts';
import { SETTLED_MS, catchUpOrderSummaries, readySummaries } from '../../src/core/reports/server/summary-catch-up.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { makeAddress, makeProduct, placeOrder, send } from '../support/orders.ts';
import { summarySnapshot } from '../support/report-summaries.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Decision 039 (issue 53): a checkout writes nothing to the reports' summaries; the catch-up counts new orders after
 * it, and before any report is read. On SQLite and PostgreSQL: a report asked for right after a checkout counts it;
 * a change to an order not counted yet is not lost; an order committing below the watermark is found by the sweep;
 * catch-ups running at once count each order once. Each ends with the kept summaries equal to a rebuild's.
 */
const { api, json, db, close } = await testApi();
afterAll(close);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

const owner = await makeStaff(db, api, 'owner');
const product = await makeProduct(db, { price: 15_000, stock: 1_000 });
const shopper = await makeShopper(db);
const address = await makeAddress(db, shopper.id);
const today = cairoToday();

async function place(): Promise<number> {
  const res = await placeOrder(json, shopper, product, { address_id: address.id });
  expect(res.status).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}
const counted = async (orderId: number) =>
  (await db.selectFrom('report_order_state').select('order_id').where('order_id', '=', orderId).executeTakeFirst()) !== undefined;
const todaysSales = async () => {
  const res = await api.request(`/api/admin/reports/sales?from=${today}&to=${today}`, { headers: { cookie: owner.cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { totals: { current: { orders: number; gross: number } } } }).data.totals.current;
};
async function expectSummariesAsRebuilt() {
  const kept = await summarySnapshot(db);
  await rebuildOrderSummaries(db);
  expect(await summarySnapshot(db)).toEqual(kept);
}

test('a report asked for right after a checkout counts the order', async () => {
  await readySummaries(db);
  const before = await todaysSales();
  const orderId = await place();
  // The checkout itself wrote nothing to the summaries…
  expect(await counted(orderId)).toBe(false);
  // …and the report counts it all the same.
  const after = await todaysSales();
  expect(after.orders).toBe(before.orders + 1);
  expect(after.gross).toBe(before.gross + 15_000);
  expect(await counted(orderId)).toBe(true);
  await expectSummariesAsRebuilt();
});

test('an order confirmed or cancelled before it was counted is counted as it is now', async () => {
  const confirmed = await place();
  const cancelled = await place();
  await moveOrderTo(db, confirmed, 'ACCEPT');
  // The shopper cancels the other (stock back, the order no longer stands).
  expect((await json(`/api/orders/${cancelled}/cancel`, send('POST', shopper.headers, {}))).status).toBe(200);
  expect(await counted(confirmed)).toBe(false);
  const done = await catchUpOrderSummaries(db);
  expect(done.counted).toBe(2);
  expect(done.refreshed).toBe(2);
  expect(await db.selectFrom('report_dirty_orders').selectAll().execute()).toEqual([]);
  await expectSummariesAsRebuilt();
});

test('the watermark stays below orders placed within SETTLED_MS; the sweep finds an order it passed', async () => {
  const first = await place();
  await catchUpOrderSummaries(db);
  const mark = async () =>
    (await db.selectFrom('report_catch_up').select('last_order_id').executeTakeFirstOrThrow()).last_order_id;
  expect(await mark()).toBeLessThan(first);
  // Once they are old enough, the watermark passes them.
  await catchUpOrderSummaries(db, { now: Date.now() + SETTLED_MS + 1_000 });
  expect(await mark()).toBeGreaterThanOrEqual(first);

  // An order that commits after the watermark passed its id (a checkout still running on PostgreSQL): the catch-up
  // from the watermark does not see it, the sweep does.
  const late = await place();
  await db.updateTable('report_catch_up').set({ last_order_id: late }).execute();
  await readySummaries(db);
  expect(await counted(late)).toBe(false);
  expect((await catchUpOrderSummaries(db, { from: 0 })).counted).toBe(1);
  expect(await counted(late)).toBe(true);
  await expectSummariesAsRebuilt();
});

test('three catch-ups at once count each order once', async () => {
  for (let i = 0; i < 6; i++) await place();
  const runs = await Promise.all([catchUpOrderSummaries(db), catchUpOrderSummaries(db), catchUpOrderSummaries(db)]);
  expect(runs.reduce((sum, run) => sum + run.counted, 0)).toBe(6);
  await expectSummariesAsRebuilt();
});
