import type { Locale } from '#i18n/locales.ts';
import type { ProductsQuery } from '#lib/schemas/products-query.ts';
import type { PageMeta, ProductCard, ProductDetail, Variant } from '#lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import { joinedProducts } from './joined-products.ts';
import { toProductCard, toProductDetail } from './product-mapper.ts';
import { listingIds, listingTotal } from './listing-ids.ts';
import { searchProducts } from './search.ts';
import { readIdOrSlug } from '#lib/catalog/id-or-slug.ts';

/** The joined rows of these products, in the order of `ids` (ids no longer in the catalog are skipped). */
export async function productCardsInOrder(db: ShopDb, ids: number[], locale: Locale): Promise<ProductCard[]> {
  const rows = ids.length ? await joinedProducts(db).where('p.id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProductCard(row, locale)] : [];
  });
}

/**
 * One page of products matching the query, with pagination meta: the page's ids from a listing index, its rows by
 * primary key, the total from the per-version count cache (listing-ids.ts), so a request costs the same at any
 * catalog size.
 */
export async function listProducts(
  db: ShopDb,
  q: ProductsQuery,
  locale: Locale,
): Promise<{ data: ProductCard[]; meta: PageMeta }> {
  // Free text goes through the search engine (Arabic-aware matching, synonyms, typo tolerance).
  if (q.query) return searchProducts(db, { ...q, query: q.query }, locale);
  const [total, ids] = await Promise.all([listingTotal(db, q), listingIds(db, q, q.sort, q.per_page, (q.page - 1) * q.per_page)]);
  return {
    data: await productCardsInOrder(db, ids, locale),
    meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) },
  };
}

/** A product by numeric id or by slug. */
export async function findProduct(db: ShopDb, idOrSlug: string, locale: Locale): Promise<ProductDetail | undefined> {
  const asked = readIdOrSlug(idOrSlug);
  if (!asked) return undefined;
  const row = await (
    'id' in asked ? joinedProducts(db).where('p.id', '=', asked.id) : joinedProducts(db).where('p.slug', '=', asked.slug)
  ).executeTakeFirst();
  return row ? toProductDetail(row, locale) : undefined;
}

/** The variants of a product (itself included), lightest first; undefined when the product is unknown. */
export async function listVariants(db: ShopDb, productId: number, locale: Locale): Promise<Variant[] | undefined> {
  const product = await db.selectFrom('products').select(['id', 'variant_group']).where('id', '=', productId).executeTakeFirst();
  if (!product) return undefined;
  const rows = await joinedProducts(db)
    .$if(product.variant_group === null, (qb) => qb.where('p.id', '=', product.id))
    .$if(product.variant_group !== null, (qb) => qb.where('p.variant_group', '=', product.variant_group))
    .execute();
  return lightestFirst(rows).map((row) => toVariant(toProductCard(row, locale)));
}

/**
 * A variant group's rows lightest first. Sorted here: a group is a few weights of one product, and PostgreSQL sorts
 * after its joins whatever the index, which the query-plan test rightly refuses.
 */
export function lightestFirst<T extends { weight_grams: number | null; id: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.weight_grams ?? 0) - (b.weight_grams ?? 0) || a.id - b.id);
}

/** A product card seen as one option of its variant group. */
export function toVariant(card: ProductCard): Variant {
  return {
    id: card.id,
    slug: card.slug,
    sku: card.sku,
    name: card.name,
    label: card.variant_label ?? card.name,
    weight: card.weight,
    images: card.images,
    price: card.price,
    beforeDiscount: card.beforeDiscount,
    stock: card.stock,
    img: card.img,
  };
}
