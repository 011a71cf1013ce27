import MiniSearch from 'minisearch';
import { tokenize } from '../../lib/search/normalize.ts';
import type { ShopDb } from '../db/index.ts';
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

export interface SearchHit extends IndexedProduct {
  score: number;
}

const storeFields: (keyof IndexedProduct)[] = [
  'id',
  'name_en',
  'name_ar',
  'description_en',
  'description_ar',
  'images',
  'category_id',
  'sub_category_id',
  'seller_id',
  'category_en',
  'category_ar',
  'sub_category_en',
  'sub_category_ar',
  'price',
  'rating',
  'ratings_count',
  'stock',
  'created_at',
];

/** An in-memory search index over the catalog (names in both languages, category and seller names). */
export class CatalogIndex {
  private readonly search: MiniSearch<Document>;
  readonly size: number;

  constructor(products: Document[]) {
    this.search = new MiniSearch<Document>({
      fields: ['name_en', 'name_ar', 'taxonomy', 'seller'],
      storeFields,
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
    this.size = products.length;
  }

  /** Every product matching the text, best first. */
  find(text: string): SearchHit[] {
    const query = buildQuery(text);
    if (!query) return [];
    return this.search.search(query) as unknown as SearchHit[];
  }
}

const truncateDescription = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}…` : text);

/** Reads the whole catalog in one query and indexes it. */
export async function buildCatalogIndex(db: ShopDb): Promise<CatalogIndex> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('sub_categories as s', 's.id', 'p.sub_category_id')
    .innerJoin('sellers as v', 'v.id', 'p.seller_id')
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
