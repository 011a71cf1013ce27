import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Stock history (issue 23): every change of a product's stock is a movement with its reason (order, cancel, return,
 * manual, import), who made it (an order event's actor: shopper, staff:<id>, payment, system) and the stock after it.
 * The desk reads a product's movements newest first.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('stock_movements')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('stock_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_movements_product_idx').on('stock_movements').columns(['product_id', 'id']).execute();
}
