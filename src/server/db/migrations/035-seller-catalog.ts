import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The seller's catalog (issue 40, docs/sellers.md "Catalog"): a seller's new product, and a change to the names,
 * descriptions, photos or prices of a live one, wait for staff as a row here (what was proposed, by whom and when,
 * and what staff decided). Stock and the other columns apply at once. A seller staff mark `trusted` skips the queue.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('product_changes')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('seller_id', 'integer', (c) => c.notNull())
    // create (a new product, hidden until approved) | edit (a live product's names, descriptions, photos, prices)
    .addColumn('kind', 'text', (c) => c.notNull())
    // pending | approved | rejected
    .addColumn('status', 'text', (c) => c.notNull())
    // The product columns as they were when proposed, and as proposed (JSON objects of the same keys).
    .addColumn('before_json', 'text', (c) => c.notNull())
    .addColumn('proposed_json', 'text', (c) => c.notNull())
    .addColumn('submitted_by', 'integer', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('product_changes_status_idx').on('product_changes').columns(['status', 'id']).execute();
  await db.schema.createIndex('product_changes_seller_idx').on('product_changes').columns(['seller_id', 'id']).execute();
  await db.schema.createIndex('product_changes_product_idx').on('product_changes').columns(['product_id', 'status']).execute();
  await db.schema
    .alterTable('sellers')
    .addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
