import MiniSearch from 'minisearch';
import { tokenize } from '#lib/search/normalize.ts';
import type { ShopDb } from '../db/index.ts';
import { documentMaker, documentRows, type Document, type IndexedProduct } from './documents.ts';
import { buildQuery } from './query.ts';

export type { Document, IndexedProduct };

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
      this.products.set(p.id, { ...keptFields(p), text: textHash(p) });
      this.count += 1;
    }
  }

  /**
   * Follows products made or edited in the desk: a new one is indexed, one whose searched text changed is indexed
   * again (then remembered answers are dropped: they may lack it or name it wrongly), the rest take their new fields in
   * place (cached answers share these objects, so they sort and filter on the new values). Returns how many were
   * indexed anew.
   */
  upsert(products: readonly Document[]): number {
    let indexed = 0;
    for (const p of products) {
      const kept = this.products.get(p.id);
      const text = textHash(p);
      if (kept && kept.text === text) {
        Object.assign(kept, keptFields(p));
        continue;
      }
      if (kept) {
        this.search.replace(p);
        Object.assign(kept, keptFields(p), { text });
      } else {
        this.search.add(p);
        this.products.set(p.id, { ...keptFields(p), text });
        this.count += 1;
      }
      indexed += 1;
    }
    if (indexed) {
      this.cache.clear();
      this.cached = 0;
    }
    return indexed;
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

/** FNV-1a over the searched text: 32 bits per product, so the index keeps no text to compare with. */
function textHash(p: Document): number {
  let hash = 0x811c9dc5;
  const text = `${p.name_en}\u0000${p.name_ar}\u0000${p.taxonomy}\u0000${p.seller}`;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
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

/** Reads the catalog in primary-key batches and indexes it. */
export async function buildCatalogIndex(db: ShopDb): Promise<CatalogIndex> {
  const toDocument = await documentMaker(db);
  const index = new CatalogIndex();
  for (let after = 0; ;) {
    const rows = await documentRows(db).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) break;
    index.add(rows.map(toDocument));
    after = rows.at(-1)!.id;
    // better-sqlite3 answers synchronously: without a real turn of the event loop the build would hold every request.
    await nextTurn();
  }
  return index;
}

/** Some products as the index reads them (for CatalogIndex.upsert). */
export async function readDocuments(db: ShopDb, ids: readonly number[]): Promise<Document[]> {
  const toDocument = await documentMaker(db);
  const documents: Document[] = [];
  // In slices: a CSV import names thousands of products, more than one statement may bind.
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await documentRows(db)
      .where('id', 'in', ids.slice(i, i + 1_000))
      .execute();
    documents.push(...rows.map(toDocument));
  }
  return documents;
}
