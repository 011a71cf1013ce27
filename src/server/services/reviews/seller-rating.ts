import type { ShopDb } from '../../db/index.ts';
import { toInt } from '../../db/values.ts';
import { averageOf } from '#lib/reviews/review-views.ts';

export interface SellerRating {
  /** The average of every approved rating of the seller's products (one decimal); null when there is none. */
  rating: number | null;
  ratings_count: number;
}

/**
 * A seller's average on its profile and in the directory (issue 52): every approved review of its products counts
 * once, so a product with many ratings weighs as much as its ratings (count-weighted, not an average of averages);
 * none when no product of the seller has an approved review. `sellerIds` narrows the read (a profile reads one).
 */
export async function sellerRatings(db: ShopDb, sellerIds?: readonly number[]): Promise<Map<number, SellerRating>> {
  if (sellerIds && !sellerIds.length) return new Map();
  // From the seller's products to their approved reviews, in that order: SQLite's CROSS JOIN keeps it (its planner
  // otherwise walked every approved review of the shop for one seller's profile, then sorted them by seller).
  let query = db
    .selectFrom('products as p')
    .crossJoin('reviews as r')
    .select((eb) => ['p.seller_id', eb.fn.countAll().as('count'), eb.fn.sum<number>('r.rating').as('total')])
    .whereRef('r.product_id', '=', 'p.id')
    .where('r.status', '=', 'approved')
    .groupBy('p.seller_id');
  if (sellerIds) query = query.where('p.seller_id', 'in', [...sellerIds]);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => {
      const count = toInt(row.count);
      return [row.seller_id, { rating: averageOf(toInt(row.total), count), ratings_count: count }];
    }),
  );
}

/** None: what a seller without approved reviews shows. */
export const NO_SELLER_RATING: SellerRating = { rating: null, ratings_count: 0 };
