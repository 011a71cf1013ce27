import type { Locale } from '../../../i18n/locales.ts';
import { hiddenProductIds, suspendedSellerIds } from './out-of-shop.ts';
import type { ProductsQuery } from '../../../lib/schemas/products-query.ts';
import type { PageMeta, ProductCard, Suggestion } from '../../../lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import type { CatalogIndex, IndexedProduct, SearchHit } from '../../search/catalog-index.ts';
import { truncate } from '../../../lib/text.ts';
import { searchIndex } from '../../search/registry.ts';
import { toProductCard } from './product-mapper.ts';
import { joinedProducts } from './joined-products.ts';
import { localField } from '../../../i18n/localized.ts';

/** Suggestions need at least this many characters (spec sections 5 and 9). */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_LIMIT = 8;

/** Suggestions remembered per index (so they die with it), language and text; oldest out first. */
const SUGGESTIONS_KEPT = 5_000;
const suggestionCache = new WeakMap<CatalogIndex, Map<string, Suggestion[]>>();

/** The display fields of the suggested products, in the index's order (eight reads by primary key). */
async function suggestionsFor(db: ShopDb, ids: number[], locale: Locale): Promise<Suggestion[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('sub_categories as s', 's.id', 'p.sub_category_id')
    .select(['p.id', 'p.name_en', 'p.name_ar', 'p.description_en', 'p.description_ar', 'p.images'])
    .select(['s.name_en as sub_en', 's.name_ar as sub_ar'])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    return [
      {
        id: p.id,
        name: localField(locale, p, 'name'),
        title: localField(locale, p, 'sub'),
        // Cut by code point so Arabic text is never split.
        description: truncate(localField(locale, p, 'description'), 159),
        images: JSON.parse(p.images) as string[],
      },
    ];
  });
}

/**
 * Autocomplete: the best few products for the text from the in-memory index, their names and pictures from the
 * database, the answer remembered until the index is rebuilt (keystroke prefixes and popular searches repeat).
 */
export async function suggest(db: ShopDb, text: string, locale: Locale): Promise<Suggestion[]> {
  if (Array.from(text.trim()).length < SUGGEST_MIN_CHARS) return [];
  const index = await searchIndex(db);
  let kept = suggestionCache.get(index);
  if (!kept) suggestionCache.set(index, (kept = new Map()));
  const suspended = new Set(await suspendedSellerIds(db));
  const hidden = new Set(await hiddenProductIds(db));
  // Answers hold nothing out of the shop; a suspension, a hidden product or their return names new sets, hence new answers.
  const key = `${[...suspended].join(',')}|${[...hidden].join(',')}|${locale}|${text.trim().toLowerCase()}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const ids = index
    .find(text)
    .filter((h) => !suspended.has(h.product.seller_id) && !hidden.has(h.product.id))
    .slice(0, SUGGEST_LIMIT)
    .map(({ product }) => product.id);
  const suggestions = await suggestionsFor(db, ids, locale);
  kept.set(key, suggestions);
  if (kept.size > SUGGESTIONS_KEPT) kept.delete(kept.keys().next().value!);
  return suggestions;
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
  const suspended = new Set(await suspendedSellerIds(db));
  const hidden = new Set(await hiddenProductIds(db));
  const hits = index
    .find(q.query)
    .filter((hit) => matchesFilters(hit, q) && !suspended.has(hit.product.seller_id) && !hidden.has(hit.product.id))
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
