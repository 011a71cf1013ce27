import type { Locale } from '#i18n/locales.ts';
import { hiddenProductIds, suspendedSellerIds } from './out-of-shop.ts';
import type { ProductsQuery } from '#lib/schemas/products-query.ts';
import type { PageMeta, ProductCard, Suggestion } from '#lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import { truncate } from '#lib/text.ts';
import { searchEngine, type OutOfShop } from '../../search/engine.ts';
import { toProductCard } from './product-mapper.ts';
import { joinedProducts } from './joined-products.ts';
import { localField } from '#i18n/localized.ts';

/** Suggestions need at least this many characters (spec sections 5 and 9). */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_LIMIT = 8;

/** Suggestions remembered per engine generation (so they die with it), language and text; oldest out first. */
const SUGGESTIONS_KEPT = 5_000;
const suggestionCache = new WeakMap<object, Map<string, Suggestion[]>>();

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
 * Autocomplete: the best few products for the text from the search engine (MiniSearch in memory, or PostgreSQL:
 * src/server/search/engine.ts), their names and pictures from the database, the answer remembered for the engine's
 * generation (keystroke prefixes and popular searches repeat).
 */
export async function suggest(db: ShopDb, text: string, locale: Locale): Promise<Suggestion[]> {
  if (Array.from(text.trim()).length < SUGGEST_MIN_CHARS) return [];
  const engine = searchEngine(db);
  const generation = await engine.generation(db);
  let kept = suggestionCache.get(generation);
  if (!kept) suggestionCache.set(generation, (kept = new Map()));
  const out = await outOfShop(db);
  // Answers hold nothing out of the shop; a suspension, a hidden product or their return names new sets, hence new answers.
  const key = `${[...out.sellers].join(',')}|${[...out.products].join(',')}|${locale}|${text.trim().toLowerCase()}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const ids = await engine.suggest(db, text, out, SUGGEST_LIMIT);
  const suggestions = await suggestionsFor(db, ids, locale);
  kept.set(key, suggestions);
  if (kept.size > SUGGESTIONS_KEPT) kept.delete(kept.keys().next().value!);
  return suggestions;
}

async function outOfShop(db: ShopDb): Promise<OutOfShop> {
  const [sellers, products] = await Promise.all([suspendedSellerIds(db), hiddenProductIds(db)]);
  return { sellers: new Set(sellers), products: new Set(products) };
}

/**
 * Free-text listing: the engine finds, filters and orders the matches; the database then supplies only the rows of
 * the requested page, so prices and stock on the cards are current.
 */
export async function searchProducts(
  db: ShopDb,
  q: ProductsQuery & { query: string },
  locale: Locale,
): Promise<{ data: ProductCard[]; meta: PageMeta }> {
  const { ids: pageIds, total } = await searchEngine(db).page(db, q, await outOfShop(db));
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
