import MiniSearch from 'minisearch';
import { tokenize } from '../../lib/search/normalize.ts';
import type { ShopDb } from '../db/index.ts';
import { buildQuery } from './query.ts';

/**
 * What the index keeps per product: only what filters and orders a search listing. Names, descriptions and images
 * stay in the database (suggestions read the eight they show): at 100,000 products they were most of the index's
 * memory (decision 013).
 */
export interface IndexedProduct {
  id: number;
  category_id: number;
  sub_category_id: number;
  seller_id: number;
  price: number;
  rating: number;
  ratings_count: number;
  stock: number;
  created_at: string;
}

/** One product as indexed: the kept fields and the text that is searched (not kept). */
export interface Document extends IndexedProduct {
  name_en: string;
  name_ar: string;
  taxonomy: string;
  seller: string;
}

export interface SearchHit {
  product: IndexedProduct;
  score: number;
}

/** At most this many hits are remembered over all cached texts (a few MB). */
const CACHE_HITS = 200_000;

/** An in-memory search index over the catalog (names in both languages, category and seller names). */
export class CatalogIndex {
  private readonly search: MiniSearch<Document>;
  // Products are kept here rather than as MiniSearch stored fields, which it would copy into every result.
  private readonly products = new Map<number, IndexedProduct>();
  private readonly cache = new Map<string, readonly SearchHit[]>();
  private cached = 0;
  private count = 0;

  constructor(products: Document[] = []) {
    this.search = new MiniSearch<Document>({
      fields: ['name_en', 'name_ar', 'taxonomy', 'seller'],
      storeFields: [],
      tokenize: (text) => tokenize(text),
      // Terms arrive normalised from tokenize (index) or buildQuery (search): nothing left to do.
      processTerm: (term) => term,
      searchOptions: {
        tokenize: (text) => [text],
        processTerm: (term) => term,
        boost: { name_en: 3, name_ar: 3, taxonomy: 1.5, seller: 1 },
      },
    });
    this.add(products);
  }

  get size(): number {
    return this.count;
  }

  /** Indexes products (their text), keeping only the fields that filter and sort. */
  add(products: readonly Document[]): void {
    this.search.addAll(products);
    for (const p of products) {
      this.products.set(p.id, keptFields(p));
      this.count += 1;
    }
  }

  /**
   * Takes new prices, stock and ratings in place (orders move them): cached hits share these objects, so every
   * answer sorts and filters on the new values without rebuilding the index or dropping its cache.
   */
  refresh(rows: readonly IndexedProduct[]): number {
    let found = 0;
    for (const row of rows) {
      const kept = this.products.get(row.id);
      if (!kept) continue;
      Object.assign(kept, keptFields(row));
      found += 1;
    }
    return found;
  }

  /**
   * Every product matching the text, best first. Answers are remembered per normalised text (a shopper's
   * keystrokes and popular searches repeat); the cache dies with the index when it is rebuilt.
   */
  find(text: string): readonly SearchHit[] {
    const query = buildQuery(text);
    if (!query) return [];
    const key = JSON.stringify(query);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const hits = this.search.search(query).flatMap((result) => {
      const product = this.products.get(result.id as number);
      return product ? [{ product, score: result.score }] : [];
    });
    this.cached += hits.length;
    this.cache.set(key, hits);
    // Oldest first out, until the remembered hits fit the budget again.
    for (const [oldKey, old] of this.cache) {
      if (this.cached <= CACHE_HITS) break;
      this.cache.delete(oldKey);
      this.cached -= old.length;
    }
    return hits;
  }
}

const keptFields = (p: IndexedProduct): IndexedProduct => ({
  id: p.id,
  category_id: p.category_id,
  sub_category_id: p.sub_category_id,
  seller_id: p.seller_id,
  price: p.price,
  rating: Number(p.rating),
  ratings_count: p.ratings_count,
  stock: p.stock,
  created_at: p.created_at,
});

/** Products read and indexed per batch: bounds the memory of a build, and lets requests run between batches. */
const BATCH = 2_000;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The kept fields of some products, fresh from the database (for CatalogIndex.refresh). */
export function readIndexedFields(db: ShopDb, ids: readonly number[]): Promise<IndexedProduct[]> {
  return db
    .selectFrom('products')
    .select(['id', 'category_id', 'sub_category_id', 'seller_id', 'price', 'rating', 'ratings_count', 'stock', 'created_at'])
    .where('id', 'in', ids)
    .execute();
}

/**
 * Reads the catalog in primary-key batches and indexes it. The names of categories, sub-categories and sellers are
 * read once (small tables) and shared by every product's searchable text.
 */
export async function buildCatalogIndex(db: ShopDb): Promise<CatalogIndex> {
  const [subs, sellers] = await Promise.all([
    db
      .selectFrom('sub_categories as s')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .select(['s.id', 's.name_en', 's.name_ar', 'c.name_en as category_en', 'c.name_ar as category_ar'])
      .execute(),
    db.selectFrom('sellers').select(['id', 'name_en', 'name_ar']).execute(),
  ]);
  const taxonomy = new Map(subs.map((s) => [s.id, `${s.category_en} ${s.category_ar} ${s.name_en} ${s.name_ar}`]));
  const sellerText = new Map(sellers.map((v) => [v.id, `${v.name_en} ${v.name_ar}`]));
  const index = new CatalogIndex();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'name_en', 'name_ar', 'category_id', 'sub_category_id', 'seller_id', 'price', 'rating'])
      .select(['ratings_count', 'stock', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    index.add(
      rows.map((row) => ({
        ...row,
        rating: Number(row.rating),
        taxonomy: taxonomy.get(row.sub_category_id) ?? '',
        seller: sellerText.get(row.seller_id) ?? '',
      })),
    );
    after = rows.at(-1)!.id;
    // better-sqlite3 answers synchronously: without a real turn of the event loop the build would hold every request.
    await nextTurn();
  }
  return index;
}
