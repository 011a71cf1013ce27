import MiniSearch from 'minisearch';
import { tokenize } from '../../lib/search/normalize.ts';
import { truncate } from '../../lib/text.ts';
import type { ShopDb } from '../db/index.ts';
import { joinedProducts } from '../services/catalog/joined-products.ts';
import { buildQuery } from './query.ts';

/** What the index keeps per product: enough to suggest, filter and sort without touching the database. */
export interface IndexedProduct {
  id: number;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  images: string[];
  category_id: number;
  sub_category_id: number;
  seller_id: number;
  category_en: string;
  category_ar: string;
  sub_category_en: string;
  sub_category_ar: string;
  price: number;
  rating: number;
  ratings_count: number;
  stock: number;
  created_at: string;
}

interface Document extends IndexedProduct {
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
  readonly size: number;

  constructor(products: Document[]) {
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
    this.search.addAll(products);
    for (const product of products) this.products.set(product.id, product);
    this.size = products.length;
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

/** Suggestions carry a short description; cut by code point so Arabic text is never split. */
const truncateDescription = (text: string) => truncate(text, 159);

/** Reads the whole catalog in one query and indexes it. */
export async function buildCatalogIndex(db: ShopDb): Promise<CatalogIndex> {
  const rows = await joinedProducts(db)
    .clearSelect()
    .select([
      'p.id',
      'p.name_en',
      'p.name_ar',
      'p.description_en',
      'p.description_ar',
      'p.images',
      'p.category_id',
      'p.sub_category_id',
      'p.seller_id',
      'p.price',
      'p.rating',
      'p.ratings_count',
      'p.stock',
      'p.created_at',
      'c.name_en as category_en',
      'c.name_ar as category_ar',
      's.name_en as sub_category_en',
      's.name_ar as sub_category_ar',
      'v.name_en as seller_en',
      'v.name_ar as seller_ar',
    ])
    .execute();
  return new CatalogIndex(
    rows.map(({ seller_en, seller_ar, ...row }) => ({
      ...row,
      description_en: truncateDescription(row.description_en),
      description_ar: truncateDescription(row.description_ar),
      images: JSON.parse(row.images) as string[],
      rating: Number(row.rating),
      taxonomy: `${row.category_en} ${row.category_ar} ${row.sub_category_en} ${row.sub_category_ar}`,
      seller: `${seller_en} ${seller_ar}`,
    })),
  );
}
