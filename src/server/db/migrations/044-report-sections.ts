import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';
import type { Database } from '../schema.ts';
import { SUMMARY_TABLES } from '#core/reports/order-contribution.ts';
import { rebuildOrderSummaries } from '#core/reports/server/order-summaries.ts';
import { createSummaryTable } from './040-report-summaries.ts';

/**
 * The reports' later sections (issue 53, docs/back-office.md › Reports): the kiosk payment codes' figures on
 * report_payment_days, the COD orders' times to confirm (report_confirm_days) and the shoppers, new or returning, by
 * governorate (report_customer_days); indexes for the stock-outs (products out of stock now, stock movements that
 * reached zero by date). Migration 040 creates the summaries as src/core/reports/order-contribution.ts names them
 * today, so on a new database they exist already: only what is missing is added. Then every summary is computed again
 * from the rows (the kept contributions change shape).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const sum = ctx.engine === 'postgres' ? 'bigint' : 'integer';
  const tables = await db.introspection.getTables();
  const columnsOf = (name: string) => new Set(tables.find((t) => t.name === name)?.columns.map((c) => c.name) ?? []);
  for (const figure of SUMMARY_TABLES.report_payment_days.figures)
    if (!columnsOf('report_payment_days').has(figure))
      await db.schema
        .alterTable('report_payment_days')
        .addColumn(figure, sum, (c) => c.notNull().defaultTo(0))
        .execute();
  for (const table of ['report_confirm_days', 'report_customer_days'] as const)
    if (!tables.some((t) => t.name === table)) await createSummaryTable(db, table, ctx);
  await db.schema.createIndex('products_stock_idx').ifNotExists().on('products').columns(['stock', 'id']).execute();
  await db.schema
    .createIndex('stock_movements_out_idx')
    .ifNotExists()
    .on('stock_movements')
    .columns(['stock_after', 'created_at', 'product_id'])
    .execute();
  await rebuildOrderSummaries(db as Kysely<Database>);
}
