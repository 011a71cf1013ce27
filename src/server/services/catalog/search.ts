import type { Locale } from '../../../i18n/locales.ts';
import type { ProductsQuery } from '../../../lib/schemas/products-query.ts';
import type { PageMeta, ProductCard, Suggestion } from '../../../lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import type { IndexedProduct, SearchHit } from '../../search/catalog-index.ts';
import { searchIndex } from '../../search/registry.ts';
import { toProductCard } from './product-mapper.ts';
import { joinedProducts } from './joined-products.ts';

/** Suggestions need at least this many characters (spec sections 5 and 9). */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_LIMIT = 8;

/** Autocomplete: the best few products for the text, straight from the in-memory index. */
export async function suggest(db: ShopDb, text: string, locale: Locale): Promise<Suggestion[]> {
  if (Array.from(text.trim()).length < SUGGEST_MIN_CHARS) return [];
  const index = await searchIndex(db);
  const ar = locale === 'ar';
  return index
    .find(text)
    .slice(0, SUGGEST_LIMIT)
    .map(({ product: p }) => ({
      id: p.id,
      name: ar ? p.name_ar : p.name_en,
      title: ar ? p.sub_category_ar : p.sub_category_en,
      description: ar ? p.description_ar : p.description_en,
      images: p.images,
    }));
}

function matchesFilters({ product: hit }: SearchHit, q: ProductsQuery): boolean {
  return (
    (q.category === undefined || hit.category_id === q.category) &&
    (q.subCategory === undefined || hit.sub_category_id === q.subCategory) &&
    (q.seller === undefined || q.seller.includes(hit.seller_id)) &&
    (q.min_price === undefined || hit.price >= q.min_price) &&
    (q.max_price === undefined || hit.price <= q.max_price) &&
    (q.rating === undefined || hit.rating >= q.rating) &&
    (!q.in_stock || hit.stock > 0)
  );
}

type Compare = (a: IndexedProduct, b: IndexedProduct) => number;
const byScore = (a: SearchHit, b: SearchHit) => b.score - a.score;
const comparators: Record<string, Compare> = {
  price_asc: (a, b) => a.price - b.price,
  price_desc: (a, b) => b.price - a.price,
  rating: (a, b) => b.rating - a.rating || b.ratings_count - a.ratings_count,
  newest: (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0),
};

/**
 * Free-text listing: the index finds, filters and orders the matches in memory; the database then
 * supplies only the rows of the requested page, so prices and stock on the cards are current.
 */
export async function searchProducts(
  db: ShopDb,
  q: ProductsQuery & { query: string },
  locale: Locale,
): Promise<{ data: ProductCard[]; meta: PageMeta }> {
  const index = await searchIndex(db);
  const compare = comparators[q.sort ?? 'best_match'];
  const hits = index
    .find(q.query)
    .filter((hit) => matchesFilters(hit, q))
    .sort((a, b) => (compare ? compare(a.product, b.product) : byScore(a, b)) || a.product.id - b.product.id);
  const total = hits.length;
  const pageIds = hits.slice((q.page - 1) * q.per_page, q.page * q.per_page).map((hit) => hit.product.id);
  const rows = pageIds.length ? await joinedProducts(db).where('p.id', 'in', pageIds).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    data: pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toProductCard(row, locale)] : [];
    }),
    meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) },
  };
}
