import { sql } from 'kysely';
import type { ProductsQuery } from '#lib/schemas/products-query.ts';
import type { ShopDb } from '../../db/index.ts';
import { catalogVersion } from './catalog-version.ts';
import { hiddenProductIds, suspendedSellerIds } from './out-of-shop.ts';

/** What narrows a listing (everything of the query but the text, the order and the page). */
export type ListingFilter = Pick<
  ProductsQuery,
  'category' | 'subCategory' | 'seller' | 'min_price' | 'max_price' | 'rating' | 'in_stock'
>;

/**
 * The products of a listing, filtered. A sub-category implies its category, so a listing with both filters only on
 * the sub-category (after checking it belongs): the planner then has one index whose prefix and order fit, and never
 * weighs a category index against a sub-category one.
 */
async function filtered(db: ShopDb, f: ListingFilter) {
  let query = db.selectFrom('products');
  if (f.subCategory !== undefined) {
    if (f.category !== undefined) {
      const sub = await db.selectFrom('sub_categories').select('category_id').where('id', '=', f.subCategory).executeTakeFirst();
      // A sub-category of another category matches nothing: id 0 never exists.
      if (sub?.category_id !== f.category) return query.where('id', '=', 0);
    }
    query = query.where('sub_category_id', '=', f.subCategory);
  } else if (f.category !== undefined) query = query.where('category_id', '=', f.category);
  if (f.seller?.length === 1) query = query.where('seller_id', '=', f.seller[0]!);
  // Several sellers: `seller_id + 0` keeps the planner off the seller indexes (it would read each seller's range
  // and sort them all); the listing walks its category's (or the whole catalog's) index in order instead and
  // picks the sellers' products from the index's own columns, on SQLite and PostgreSQL alike.
  else if (f.seller !== undefined) query = query.where(sql<number>`seller_id + 0`, 'in', f.seller);
  if (f.min_price !== undefined) query = query.where('price', '>=', f.min_price);
  if (f.max_price !== undefined) query = query.where('price', '<=', f.max_price);
  if (f.rating !== undefined) query = query.where('rating', '>=', f.rating);
  if (f.in_stock) query = query.where('stock', '>', 0);
  // Suspended sellers and hidden products (a handful, if any): `+ 0` for the same reason as above, so the listing
  // index still serves.
  const [suspended, hidden] = await Promise.all([suspendedSellerIds(db), hiddenProductIds(db)]);
  if (suspended.length) query = query.where(sql<number>`seller_id + 0`, 'not in', suspended);
  if (hidden.length) query = query.where(sql<number>`id + 0`, 'not in', hidden);
  return query;
}

/**
 * One page of product ids in the listing's order. Each order is the key of a listing index
 * (migrations/013-shopper-path-indexes.ts) with the tie-break `id` in the same direction, so the database walks the
 * index in order, filters on the index's own columns and skips `offset` entries without reading the table (a deep
 * page of a 26,000-product category costs ~0.5 ms on SQLite); the page's rows are then read by primary key.
 */
export async function listingIds(
  db: ShopDb,
  f: ListingFilter,
  sort: ProductsQuery['sort'],
  limit: number,
  offset: number,
): Promise<number[]> {
  const query = (await filtered(db, f)).select('id');
  const ordered =
    sort === 'price_asc'
      ? query.orderBy('price', 'asc').orderBy('id', 'asc')
      : sort === 'price_desc'
        ? query.orderBy('price', 'desc').orderBy('id', 'desc')
        : sort === 'rating'
          ? query.orderBy('rating', 'desc').orderBy('ratings_count', 'desc').orderBy('id', 'desc')
          : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const rows = await ordered.limit(limit).offset(offset).execute();
  return rows.map((row) => row.id);
}

/** Remembered counts per database; bounded, oldest out first. */
const COUNTS_KEPT = 5_000;
/** A backstop for changes the catalog version does not see (a product moved to another category by hand). */
const COUNT_TTL_MS = 60_000;
const counts = new WeakMap<ShopDb, Map<string, { total: number; at: number }>>();

/**
 * How many products a listing has, counted once per catalog version and filter (a count walks the whole filtered
 * range of an index: ~1 ms for a 26,000-product category, too much to repeat on every page of it).
 */
export async function listingTotal(db: ShopDb, f: ListingFilter): Promise<number> {
  const key = `${catalogVersion()}|${JSON.stringify([f.category, f.subCategory, f.seller, f.min_price, f.max_price, f.rating, f.in_stock])}`;
  let kept = counts.get(db);
  if (!kept) counts.set(db, (kept = new Map()));
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.total;
  const row = await (
    await filtered(db, f)
  )
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  kept.delete(key);
  kept.set(key, { total, at: Date.now() });
  if (kept.size > COUNTS_KEPT) kept.delete(kept.keys().next().value!);
  return total;
}
