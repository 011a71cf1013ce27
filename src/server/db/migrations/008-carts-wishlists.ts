import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The logged-in shopper's cart and wishlist (spec sections 3, 4 and 7), one row per shopper and product.
 * Prices are never stored: the cart is always answered with the catalog's current price.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('cart_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // Keeps the shopper's line order (the order the lines were sent in).
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
    .execute();
}
