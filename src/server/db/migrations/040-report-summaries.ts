import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import type { Database } from '../schema.ts';
import { SUMMARY_TABLES, SUMMARY_TABLE_NAMES, type SummaryTable } from '#core/reports/order-contribution.ts';
import { rebuildOrderSummaries } from '#core/reports/server/order-summaries.ts';

/**
 * The reports' summaries per Cairo day (issue 53, docs/benchmarks.md › Reports at a million order lines): a 90-day
 * report reads about 90 rows per key instead of every order and line of the period. Kept by
 * src/core/reports/server/order-summaries.ts in the transactions that change orders, payments and the sellers'
 * ledger; filled here from the rows already written. Sums are bigint on PostgreSQL (a year of a busy shop passes
 * 2^31 piastres).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('report_order_state')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('contribution', 'text', (c) => c.notNull())
    .execute();
  for (const table of SUMMARY_TABLE_NAMES) await createSummaryTable(db, table, ctx);
  await rebuildOrderSummaries(db as Kysely<Database>);
}

/** A summary table as order-contribution.ts names it now: its keys (text or integer) as the primary key, sums at 0. */
export async function createSummaryTable(db: Kysely<unknown>, table: SummaryTable, ctx: MigrationContext): Promise<void> {
  const sum = ctx.engine === 'postgres' ? 'bigint' : 'integer';
  const { keys, figures } = SUMMARY_TABLES[table];
  let create = db.schema.createTable(table);
  for (const key of keys)
    create = create.addColumn(key, ['day', 'payment_method', 'provider', 'actor'].includes(key) ? 'text' : 'integer', (c) =>
      c.notNull(),
    );
  for (const figure of figures) create = create.addColumn(figure, sum, (c) => c.notNull().defaultTo(0));
  await create.addPrimaryKeyConstraint(`${table}_pkey`, [...keys] as never[]).execute();
}
