import type { ShopDb } from '../../db/index.ts';
import { toInt } from '../../db/values.ts';
import { averageOf, type RatingSummary } from '#lib/reviews/review-views.ts';

/**
 * Takes the product's row lock before a review of it changes (a no-op update: PostgreSQL's row lock, SQLite's write
 * lock), so two shoppers' reviews at once recompute one after the other and the summary counts both (issue 52).
 */
export async function lockProduct(trx: ShopDb, productId: number): Promise<boolean> {
  const locked = await trx
    .updateTable('products')
    .set((eb) => ({ rating: eb.ref('rating') }))
    .where('id', '=', productId)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) === 1;
}

/**
 * `products.rating` / `ratings_count` / `ratings_total` are a summary of the approved reviews (decision 036; the total,
 * migration 043, for the seller's average): recomputed from the rows
 * inside the transaction that changed one, so cards, the listing's rating filter and JSON-LD read one column and never
 * disagree with the reviews. Returns the new summary's average and count.
 */
export async function refreshProductRating(trx: ShopDb, productId: number): Promise<{ rating: number; count: number }> {
  const row = await trx
    .selectFrom('reviews')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum<number>('rating').as('total')])
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  const count = toInt(row?.count);
  const rating = averageOf(toInt(row?.total), count);
  await trx
    .updateTable('products')
    .set({ rating, ratings_count: count, ratings_total: toInt(row?.total) })
    .where('id', '=', productId)
    .execute();
  return { rating, count };
}

/**
 * The product page's summary: average and count (the product's columns) and the 5 → 1 distribution of approved rows,
 * from the (product_id, status, rating) index alone (migration 043).
 */
export async function ratingSummary(db: ShopDb, productId: number): Promise<RatingSummary> {
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['rating', eb.fn.countAll().as('count')])
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .groupBy('rating')
    .execute();
  const distribution: RatingSummary['distribution'] = [0, 0, 0, 0, 0];
  let total = 0;
  let count = 0;
  for (const r of rows) {
    const n = toInt(r.count);
    if (r.rating >= 1 && r.rating <= 5) distribution[5 - r.rating] = n;
    total += r.rating * n;
    count += n;
  }
  return { average: averageOf(total, count), count, distribution };
}
