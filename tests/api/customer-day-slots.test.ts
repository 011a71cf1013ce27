import { sql, type Kysely } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { up as migration045 } from '../../src/server/db/migrations/045-customer-day-slots.ts';
import type { MigrationContext } from '../../src/server/db/migration-context.ts';
import { makeAddress, makeProduct, placeOrder } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';
import { readySummaries } from '../../src/core/reports/server/summary-catch-up.ts';

/**
 * Migration 045 (issue 53): the customers report's summary gains a slot, so a day's checkouts no longer all add to one
 * row. A database from before it has the table without the slot; after the migration the report's sums per day,
 * governorate and new-or-returning are what they were, spread over several rows. On SQLite and PostgreSQL.
 */
const { json, db, engine, close } = await testApi();
afterAll(close);

const ctx: MigrationContext =
  engine === 'postgres'
    ? { engine, idType: 'serial', id: (c) => c.primaryKey() }
    : { engine, idType: 'integer', id: (c) => c.primaryKey().autoIncrement() };

const reportSums = () =>
  db
    .selectFrom('report_customer_days')
    .select(['day', 'governorate_id', 'returning'])
    .select([
      sql<number>`sum(orders)`.as('orders'),
      sql<number>`sum(standing)`.as('standing'),
      sql<number>`sum(net)`.as('net'),
      sql<number>`count(*)`.as('rows'),
    ])
    .groupBy(['day', 'governorate_id', 'returning'])
    .orderBy(['day', 'governorate_id', 'returning'])
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, orders: Number(r.orders), standing: Number(r.standing), net: Number(r.net) })));

/** A row of reportSums without its count of rows. */
const sumsOf = ({ day, governorate_id, returning, orders, standing, net }: Awaited<ReturnType<typeof reportSums>>[number]) => ({
  day,
  governorate_id,
  returning,
  orders,
  standing,
  net,
});

test('an older database keeps its customer figures, now over several rows a day', async () => {
  const total = (rows: { orders: number }[]) => rows.reduce((sum, r) => sum + r.orders, 0);
  await readySummaries(db);
  const demo = total(await reportSums());
  const product = await makeProduct(db, { price: 12_000, stock: 100 });
  // One shopper with six orders (one new, five returning), two shoppers with one each.
  for (const orders of [6, 1, 1]) {
    const shopper = await makeShopper(db);
    const address = await makeAddress(db, shopper.id);
    for (let i = 0; i < orders; i++)
      expect((await placeOrder(json, shopper, product, { address_id: address.id })).status).toBe(201);
  }
  await readySummaries(db);
  const placed = await reportSums();
  expect(total(placed)).toBe(demo + 8);
  // Today's returning orders (five, beside the demo's) went to more than one row.
  expect(Math.max(...placed.map((r) => Number(r.rows)))).toBeGreaterThan(1);

  // The table as migration 044 made it: no slot, one row per day, governorate and kind.
  await db.schema.dropTable('report_customer_days').execute();
  const sum = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('report_customer_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('governorate_id', 'integer', (c) => c.notNull())
    .addColumn('returning', 'integer', (c) => c.notNull())
    .addColumn('orders', sum, (c) => c.notNull().defaultTo(0))
    .addColumn('standing', sum, (c) => c.notNull().defaultTo(0))
    .addColumn('net', sum, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('report_customer_days_pkey', ['day', 'governorate_id', 'returning'])
    .execute();
  const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const row of placed) await old.insertInto('report_customer_days').values(sumsOf(row)).execute();

  await migration045(db as Kysely<unknown>, ctx);
  const migrated = await reportSums();
  expect(migrated.map(sumsOf)).toEqual(placed.map(sumsOf));
  expect(migrated.map((r) => r.rows)).toEqual(placed.map((r) => r.rows));

  // Run again (a database made after the change has the slot already): nothing changes.
  await migration045(db as Kysely<unknown>, ctx);
  expect(await reportSums()).toEqual(migrated);
});
