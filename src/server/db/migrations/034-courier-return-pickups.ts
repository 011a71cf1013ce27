import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Issue 38 (docs/couriers.md): a courier company's return pickup (Bosta's type 25) booked for a delivered order the
 * shopper sends back. One per order (the unique index is the booking's claim: a second click or a retried request
 * finds the first, as a hand-over does); `tracking_number` is null while the company is being asked. Kept apart from
 * `courier_deliveries`, whose open forward delivery stays with the order for its cash and settlement.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('courier_return_pickups')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('state_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courier_return_pickups_order_idx')
    .on('courier_return_pickups')
    .column('order_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('courier_return_pickups_tracking_idx')
    .on('courier_return_pickups')
    .columns(['company', 'tracking_number'])
    .unique()
    .execute();
}
