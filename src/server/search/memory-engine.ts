import type { IndexedProduct, SearchHit } from './catalog-index.ts';
import type { OutOfShop, SearchEngine, SearchQuery } from './types.ts';
import { searchIndex } from './registry.ts';

function matchesFilters({ product: hit }: SearchHit, q: SearchQuery): boolean {
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

const inShop = (out: OutOfShop) => (hit: SearchHit) =>
  !out.sellers.has(hit.product.seller_id) && !out.products.has(hit.product.id);

/**
 * The embedded shop's engine: the process's in-memory index finds, filters and orders the matches (decision 013);
 * the database then supplies only the rows of the requested page.
 */
export const miniSearchEngine: SearchEngine = {
  name: 'minisearch',
  async suggest(db, text, out, limit) {
    const index = await searchIndex(db);
    return index
      .find(text)
      .filter(inShop(out))
      .slice(0, limit)
      .map(({ product }) => product.id);
  },
  async page(db, q, out) {
    const index = await searchIndex(db);
    const compare = comparators[q.sort ?? 'best_match'];
    const visible = inShop(out);
    const hits = index
      .find(q.query)
      .filter((hit) => matchesFilters(hit, q) && visible(hit))
      .sort((a, b) => (compare ? compare(a.product, b.product) : byScore(a, b)) || a.product.id - b.product.id);
    return { ids: hits.slice((q.page - 1) * q.per_page, q.page * q.per_page).map((hit) => hit.product.id), total: hits.length };
  },
  generation: (db) => searchIndex(db),
};
