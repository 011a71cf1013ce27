import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Issue 38 (docs/couriers.md, decision 023): parcels handed to a courier company through its API.
 * - `couriers.company` names the API company a courier row stands for (`bosta`, `sandbox`); null for a courier or a
 *   company without an API. Its cash, remittances and delivered orders are counted as any courier's.
 * - `courier_deliveries`: one row per delivery created at a company; `open` while it is not cancelled, and the partial
 *   unique index allows one open delivery per order, so a second click or a retried request finds the first instead
 *   of creating another. `tracking_number` is null while the company is being asked (the row is the claim).
 *   `failures_recorded` counts the failed attempts already applied to the order (a replayed notice applies none).
 *   `collected`, `fee` and `settlement_ref` are what the company's settlement says for the delivery.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema.alterTable('couriers').addColumn('company', 'text').execute();
  await db.schema
    .createIndex('couriers_company_idx')
    .on('couriers')
    .column('company')
    .unique()
    .where(sql.ref('company'), 'is not', null)
    .execute();
  await db.schema
    .createTable('courier_deliveries')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('courier_id', 'integer', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('state_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures_recorded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cod', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('collected', 'integer')
    .addColumn('fee', 'integer')
    .addColumn('settlement_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courier_deliveries_open_order_idx')
    .on('courier_deliveries')
    .column('order_id')
    .unique()
    .where(sql.ref('open'), '=', 1)
    .execute();
  await db.schema.createIndex('courier_deliveries_order_idx').on('courier_deliveries').column('order_id').execute();
  await db.schema
    .createIndex('courier_deliveries_tracking_idx')
    .on('courier_deliveries')
    .columns(['company', 'tracking_number'])
    .unique()
    .execute();
}
