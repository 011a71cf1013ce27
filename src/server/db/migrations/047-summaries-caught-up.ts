import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * New orders counted in the reports' summaries after their checkout, not in it (issue 53, decision 039): the
 * catch-up (src/core/reports/server/summary-catch-up.ts) finds the orders above `report_catch_up.last_order_id`
 * without a kept contribution and counts them in batches; a change to an order it has not counted yet leaves the
 * order's id in `report_dirty_orders` for its next run. Every order written before this has a kept contribution from
 * now on (an online order still unpaid had none: it counted nothing), so "no kept contribution" means "not counted".
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('report_catch_up')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_order_id', 'integer', (c) => c.notNull())
    .execute();
  // Not unique: two changes to one uncounted order each leave a row, and neither waits for the other's.
  await db.schema
    .createTable('report_dirty_orders')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into report_order_state (order_id, contribution)
    select o.id, '{}' from orders o where not exists (select 1 from report_order_state s where s.order_id = o.id)`.execute(db);
  await sql`insert into report_catch_up (id, last_order_id) select 1, coalesce(max(id), 0) from orders`.execute(db);
}
