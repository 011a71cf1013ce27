import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Indexes for the couriers' cash and the dashboard (issue 22, docs/back-office-cash.md): a courier's past remittances,
 * and the 30-day rates, which count hand-overs (order events by status) and failed deliveries by time without reading
 * either table whole.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.createIndex('remittances_courier_idx').on('remittances').columns(['courier_id', 'id']).execute();
  await db.schema.createIndex('order_events_status_created_idx').on('order_events').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('delivery_failures_created_idx').on('delivery_failures').column('created_at').execute();
}
