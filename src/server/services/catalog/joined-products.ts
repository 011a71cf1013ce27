import type { ShopDb } from '../../db/index.ts';

/**
 * Products joined with the names their cards show, whatever their seller's status: for walks along an index whose
 * order a join filter would upset on PostgreSQL (the caller leaves out suspended sellers' products itself).
 */
export function joinedProductsOfAnySeller(db: ShopDb) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('sub_categories as s', 's.id', 'p.sub_category_id')
    .innerJoin('sellers as v', 'v.id', 'p.seller_id')
    .select([
      'p.id',
      'p.slug',
      'p.sku',
      'p.name_en',
      'p.name_ar',
      'p.description_en',
      'p.description_ar',
      'p.price',
      'p.before_discount',
      'p.stock',
      'p.weight_grams',
      'p.rating',
      'p.ratings_count',
      'p.badge_en',
      'p.badge_ar',
      'p.images',
      'p.image_alts',
      'p.variant_group',
      'p.variant_label_en',
      'p.variant_label_ar',
      'p.created_at',
      'p.category_id',
      'c.name_en as category_en',
      'c.name_ar as category_ar',
      'p.sub_category_id',
      's.name_en as sub_category_en',
      's.name_ar as sub_category_ar',
      'p.seller_id',
      'v.slug as seller_slug',
      'v.name_en as seller_en',
      'v.name_ar as seller_ar',
    ]);
}

/** Products joined with the names their cards show; only those in the shop (shown, of an active seller). */
export function joinedProducts(db: ShopDb) {
  // A suspended seller's products, and products hidden in the desk, are out of the shop (cards, pages, carts,
  // wishlists) until they are shown again.
  return joinedProductsOfAnySeller(db).where('v.status', '=', 'active').where('p.hidden', '=', 0);
}
