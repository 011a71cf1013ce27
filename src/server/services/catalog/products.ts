import type { Locale } from '../../../i18n/locales.ts';
import type { ProductsQuery } from '../../../lib/schemas/products-query.ts';
import type { PageMeta, ProductCard, ProductDetail, Variant } from '../../../lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import { joinedProducts } from './joined-products.ts';
import { toProductCard, toProductDetail } from './product-mapper.ts';
import { searchProducts } from './search.ts';

type ProductQuery = ReturnType<typeof joinedProducts>;

function applyFilters(query: ProductQuery, q: ProductsQuery): ProductQuery {
  let next = query;
  if (q.category !== undefined) next = next.where('p.category_id', '=', q.category);
  if (q.subCategory !== undefined) next = next.where('p.sub_category_id', '=', q.subCategory);
  if (q.seller !== undefined) next = next.where('p.seller_id', 'in', q.seller);
  if (q.min_price !== undefined) next = next.where('p.price', '>=', q.min_price);
  if (q.max_price !== undefined) next = next.where('p.price', '<=', q.max_price);
  if (q.rating !== undefined) next = next.where('p.rating', '>=', q.rating);
  if (q.in_stock) next = next.where('p.stock', '>', 0);
  return next;
}

/** One page of products matching the query, with pagination meta. */
export async function listProducts(
  db: ShopDb,
  q: ProductsQuery,
  locale: Locale,
): Promise<{ data: ProductCard[]; meta: PageMeta }> {
  // Free text goes through the search engine (Arabic-aware matching, synonyms, typo tolerance).
  if (q.query) return searchProducts(db, { ...q, query: q.query }, locale);
  const filtered = applyFilters(joinedProducts(db), q);
  const countRow = await filtered
    .clearSelect()
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(countRow.total);
  let ordered = filtered;
  switch (q.sort) {
    case 'price_asc':
      ordered = ordered.orderBy('p.price', 'asc');
      break;
    case 'price_desc':
      ordered = ordered.orderBy('p.price', 'desc');
      break;
    case 'rating':
      ordered = ordered.orderBy('p.rating', 'desc').orderBy('p.ratings_count', 'desc');
      break;
    default:
      ordered = ordered.orderBy('p.created_at', 'desc');
  }
  const rows = await ordered
    .orderBy('p.id', 'asc')
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
    .execute();
  return {
    data: rows.map((row) => toProductCard(row, locale)),
    meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) },
  };
}

/** A product by numeric id or by slug. */
export async function findProduct(db: ShopDb, idOrSlug: string, locale: Locale): Promise<ProductDetail | undefined> {
  const byId = /^\d+$/.test(idOrSlug);
  const row = await (
    byId ? joinedProducts(db).where('p.id', '=', Number(idOrSlug)) : joinedProducts(db).where('p.slug', '=', idOrSlug)
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
    .orderBy('p.weight_grams', 'asc')
    .orderBy('p.id', 'asc')
    .execute();
  return rows.map((row) => toVariant(toProductCard(row, locale)));
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
