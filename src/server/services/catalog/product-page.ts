import type { Locale } from '#i18n/locales.ts';
import type { ProductCard, ProductDetail, Variant } from '#lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import { joinedProducts, joinedProductsOfAnySeller } from './joined-products.ts';
import { hiddenProductIds, suspendedSellerIds } from './out-of-shop.ts';
import { toProductCard, toProductDetail } from './product-mapper.ts';
import { lightestFirst, toVariant } from './products.ts';

const RELATED_COUNT = 10;

export interface ProductPageData {
  product: ProductDetail;
  variants: Variant[];
  related: ProductCard[];
}

/**
 * One product page's data, read when the page is requested (product pages are rendered on demand behind the
 * render cache, decision 008): the product, its variants lightest first, and the best rated others of its
 * sub-category (other weights of the same coffee excluded). Three indexed reads.
 */
export async function loadProductPage(db: ShopDb, locale: Locale, id: number): Promise<ProductPageData | undefined> {
  const row = await joinedProducts(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const group = row.variant_group;
  const [siblings, candidates] = await Promise.all([
    group === null
      ? Promise.resolve([row])
      : joinedProducts(db).where('p.variant_group', '=', group).execute().then(lightestFirst),
    joinedProductsOfAnySeller(db)
      .where('p.sub_category_id', '=', row.sub_category_id)
      .where('p.id', '!=', id)
      // The order of the (sub_category_id, rating, ratings_count, id) index: a walk of 18 entries, never a sort.
      .orderBy('p.rating', 'desc')
      .orderBy('p.ratings_count', 'desc')
      .orderBy('p.id', 'desc')
      .limit(RELATED_COUNT + 8)
      .execute(),
  ]);
  const suspended = new Set(await suspendedSellerIds(db));
  const hidden = new Set(await hiddenProductIds(db));
  const related = candidates
    .filter((p) => (group === null || p.variant_group !== group) && !suspended.has(p.seller_id) && !hidden.has(p.id))
    .slice(0, RELATED_COUNT)
    .map((p) => toProductCard(p, locale));
  return {
    product: toProductDetail(row, locale),
    variants: siblings.map((s) => toVariant(toProductCard(s, locale))),
    related,
  };
}
