import { afterAll, beforeAll, expect, test } from 'vitest';
import { rebuildOrderSummaries, refreshOrderSummary } from '../../src/core/reports/server/order-summaries.ts';
import { freshDatabase } from '../support/test-db.ts';
import { planOf, recordingDb } from '../support/query-plans.ts';

// The reports' summaries read an order's events on every order write (refreshOrderSummary) and for every order when
// they are computed again (migration 044). Each of those reads must find the order's own events through
// (order_id, status): a read through (status, created_at) walks every PLACED event of the shop for each order, which
// at 200,000 orders took 66 ms an order on SQLite (migration 044's rebuild: hours; bench:reports never finished).
let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
}, 60_000);
afterAll(() => database.drop());

test("an order's summary reads its events by the order, never by walking a status's events", async () => {
  const { db, engine } = database;
  // The demo shop's orders.
  const order = await db.selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow();
  const recorded = recordingDb(db);
  await rebuildOrderSummaries(recorded.db);
  await recorded.db.transaction().execute((trx) => refreshOrderSummary(trx, order.id));
  const reads = recorded.queries.filter((q) => /from order_events|from "order_events"/i.test(q.sql) && /^select/i.test(q.sql));
  expect(reads.length).toBeGreaterThan(0);
  for (const query of reads) {
    const plan = await planOf(db, engine, query);
    // SQLite plans without statistics, the same on a small database as on a large one; PostgreSQL's plan of a small
    // table says nothing about a large one.
    if (engine === 'sqlite') expect(plan.filter((step) => /order_events_status_created_idx/.test(step))).toEqual([]);
  }
});
