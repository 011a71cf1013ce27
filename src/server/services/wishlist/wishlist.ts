import type { Locale } from '#i18n/locales.ts';
import type { ProductCard } from '#lib/types.ts';
import { Problem } from '../../problem.ts';
import type { ShopDb } from '../../db/index.ts';
import { toProductCard } from '../catalog/product-mapper.ts';
import { joinedProducts } from '../catalog/joined-products.ts';
import { lockShopper } from '../shopper-lock.ts';

/** The shopper's wishlist as product cards, most recently added first (spec section 7: each with id). */
export async function readWishlist(db: ShopDb, userId: number, locale: Locale): Promise<ProductCard[]> {
  const rows = await joinedProducts(db)
    .innerJoin('wishlist_items as w', 'w.product_id', 'p.id')
    .where('w.user_id', '=', userId)
    .orderBy('w.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((row) => toProductCard(row, locale));
}

/** Adds the product when absent, removes it when present (spec section 4); answers whether it is now listed. */
export async function toggleWishlist(db: ShopDb, userId: number, productId: number): Promise<boolean> {
  const exists = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!exists) throw new Problem(404, 'api.productNotFound');
  return db.transaction().execute(async (trx) => {
    await lockShopper(trx, userId);
    const removed = await trx
      .deleteFrom('wishlist_items')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    await trx
      .insertInto('wishlist_items')
      .values({ user_id: userId, product_id: productId, created_at: new Date().toISOString() })
      .execute();
    return true;
  });
}
