import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/** Listing orders (their key columns); the tie-break `id` follows the key's direction, so one index serves both. */
export const listingOrders = {
  price: ['price', 'id'],
  created: ['created_at', 'id'],
  rating: ['rating', 'ratings_count', 'id'],
} as const;

/** The equality filters a listing can start from: none, a category, a sub-category, a seller (seller pages). */
export const listingPrefixes = ['', 'category_id', 'sub_category_id', 'seller_id'] as const;

/** Every column a listing filters on: kept in each index so a filtered walk never reads the table. */
const filterColumns = ['category_id', 'sub_category_id', 'seller_id', 'price', 'rating', 'stock'];

/** The listing index of one prefix and order: `(prefix, order…, id, other filter columns…)`. */
export function listingIndexColumns(prefix: string, order: readonly string[]): string[] {
  const key = prefix ? [prefix, ...order] : [...order];
  return [...key, ...filterColumns.filter((column) => !key.includes(column))];
}

/**
 * Shopper-path indexes (issue 25): every sorted listing walks an index in its order, filtered from the index's own
 * columns, and reads the table only for the page's rows (services/catalog/listing-ids.ts). A product page's related
 * products walk `(sub_category_id, rating, …)`; its variants `(variant_group, weight_grams, id)`. The single-column
 * indexes of 001 are prefixes of these and go, so a write maintains fewer indexes and the planner has no worse choice.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  for (const column of ['category_id', 'sub_category_id', 'seller_id', 'variant_group', 'price', 'created_at']) {
    await db.schema.dropIndex(`products_${column}_idx`).ifExists().execute();
  }
  for (const prefix of listingPrefixes) {
    for (const [name, order] of Object.entries(listingOrders)) {
      const columns = listingIndexColumns(prefix, order);
      const indexName = `products_${prefix ? `${prefix.replace('_id', '')}_` : ''}${name}_idx`;
      await db.schema.createIndex(indexName).on('products').columns(columns).execute();
    }
  }
  await db.schema
    .createIndex('products_variant_group_idx')
    .on('products')
    .columns(['variant_group', 'weight_grams', 'id'])
    .execute();
}
