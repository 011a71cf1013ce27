import { sql } from 'kysely';
import type { Locale } from '#i18n/locales.ts';
import { localePath, productPath } from '#i18n/routes.ts';
import type { ShopDb } from '../../db/index.ts';
import { receivedLine } from './eligibility.ts';

/**
 * The products of an order its shopper may still rate (issue 52): its lines delivered, not cancelled by their seller,
 * not returned after delivery (no `reversal`, as eligibility.ts reads it), and not reviewed by the shopper yet.
 */
export async function productsToRate(db: ShopDb, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.product_id')
    .distinct()
    .where('o.id', '=', orderId)
    .where(receivedLine)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reviews as r')
            .select(sql.lit(1).as('one'))
            .whereRef('r.user_id', '=', 'o.user_id')
            .whereRef('r.product_id', '=', 'l.product_id'),
        ),
      ),
    )
    .orderBy('l.product_id')
    .execute();
  return rows.map((row) => row.product_id);
}

/**
 * Where the request leads, in the order's language: one product left to rate opens its rating form (the product
 * page's `#rate`, where the order history's "Rate this product" goes); several open the order in the order history,
 * whose delivered lines each carry that link.
 */
export function ratingPath(locale: Locale, orderId: number, products: readonly number[]): string {
  return products.length === 1
    ? `${productPath(locale, products[0]!)}#rate`
    : `${localePath(locale, '/profile/order-history')}#order-${orderId}`;
}
