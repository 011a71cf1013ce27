import type { ProductsQuery } from '#lib/schemas/products-query.ts';
import type { ShopDb } from '../db/index.ts';

/** What the shop took out of the shop (suspended sellers, hidden products): never in an answer. */
export interface OutOfShop {
  sellers: ReadonlySet<number>;
  products: ReadonlySet<number>;
}

/** A search listing's question: the shopper's text with a listing's filters, sort and page. */
export type SearchQuery = ProductsQuery & { query: string };

/**
 * The catalog's search, one interface for two engines (decision 038): the embedded shop (SQLite) keeps an in-memory
 * MiniSearch index per process (src/server/search/catalog-index.ts); on PostgreSQL the documents and the word list
 * live in the database (migration 041), shared by every instance, and an instance holds no index. Both take the
 * same normalised terms (src/lib/search/normalize.ts) and synonyms, and answer the same way: every word must match,
 * prefixes while typing, one typo in words of 5 letters or more, names before taxonomy before seller.
 */
export interface SearchEngine {
  readonly name: 'minisearch' | 'postgres';
  /** The best `limit` products for the text (autocomplete), best first. */
  suggest(db: ShopDb, text: string, out: OutOfShop, limit: number): Promise<number[]>;
  /** One page of a search listing (its ids in order) and the number of matches. */
  page(db: ShopDb, q: SearchQuery, out: OutOfShop): Promise<{ ids: number[]; total: number }>;
  /**
   * What remembered suggestions live as long as: MiniSearch's index (a rebuilt index forgets them), PostgreSQL's
   * catalog version on this instance.
   */
  generation(db: ShopDb): Promise<object>;
}
