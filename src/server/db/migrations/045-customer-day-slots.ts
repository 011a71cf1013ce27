import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import type { Database } from '../schema.ts';
import { rebuildOrderSummaries } from '#core/reports/server/order-summaries.ts';
import { createSummaryTable } from './040-report-summaries.ts';

/**
 * The customers report's summary in slots, as the orders' and payments' are (issue 53, docs/benchmarks.md › The
 * checkout's cost): a day's orders mostly share one governorate and are mostly a returning shopper's, so every
 * checkout added to one row, and on PostgreSQL each placing transaction waited for the one before it to commit. The
 * key gains `slot` (the order id modulo SLOTS); the report sums the slots. A database made after this change has the
 * column already (040 makes the tables as they are named now); an older one gets the table again, filled by a rebuild
 * (the kept contributions change shape).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const tables = await db.introspection.getTables();
  const columns = tables.find((t) => t.name === 'report_customer_days')?.columns.map((c) => c.name) ?? [];
  if (columns.includes('slot')) return;
  await db.schema.dropTable('report_customer_days').execute();
  await createSummaryTable(db, 'report_customer_days', ctx);
  await rebuildOrderSummaries(db as Kysely<Database>);
}
