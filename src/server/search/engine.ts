import type { ShopDb } from '../db/index.ts';
import { isPostgres } from '../services/catalog/catalog-changes.ts';
import { miniSearchEngine } from './memory-engine.ts';
import { postgresSearchEngine } from './postgres-engine.ts';
import type { SearchEngine } from './types.ts';

export type { OutOfShop, SearchEngine, SearchQuery } from './types.ts';

/** The engine of this database: PostgreSQL's own search when the shop runs on it, MiniSearch otherwise. */
export const searchEngine = (db: ShopDb): SearchEngine => (isPostgres(db) ? postgresSearchEngine : miniSearchEngine);
