import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Issue 33:
 * - a failed delivery recorded from the terminal (`npm run order`, the terminal actor) has no staff member:
 *   `delivery_failures.staff_id` may be null (the audit log names who ran the command);
 * - a remittance may differ from the orders it covers (docs/back-office-cash.md): `amount` stays what was counted,
 *   `orders_total` is the chosen orders' cash, `written_off` the part of a shortfall finance wrote off (with its
 *   reason). What a courier still owes from remittances is Σ (orders_total − amount − written_off).
 */
export async function up(db: Kysely<unknown>, { engine, idType, id }: MigrationContext): Promise<void> {
  if (engine === 'postgres') {
    await sql`ALTER TABLE delivery_failures ALTER COLUMN staff_id DROP NOT NULL`.execute(db);
  } else {
    // SQLite cannot drop a NOT NULL: the table is rebuilt with its rows and indexes.
    await db.schema
      .createTable('delivery_failures_next')
      .addColumn('id', idType, id)
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('staff_id', 'integer')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO delivery_failures_next (id, order_id, staff_id, reason, outcome, created_at)
      SELECT id, order_id, staff_id, reason, outcome, created_at FROM delivery_failures`.execute(db);
    await db.schema.dropTable('delivery_failures').execute();
    await sql`ALTER TABLE delivery_failures_next RENAME TO delivery_failures`.execute(db);
    await db.schema.createIndex('delivery_failures_order_idx').on('delivery_failures').column('order_id').execute();
    await db.schema.createIndex('delivery_failures_created_idx').on('delivery_failures').column('created_at').execute();
  }
  await db.schema
    .alterTable('remittances')
    .addColumn('orders_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('remittances')
    .addColumn('written_off', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('remittances').addColumn('write_off_reason', 'text').execute();
  // Every remittance so far matched its orders to the piastre.
  await sql`UPDATE remittances SET orders_total = amount`.execute(db);
}
