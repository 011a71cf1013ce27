import { listCategories } from '../services/catalog/categories.ts';
import { cachedPerLocale } from './locale-cache.ts';

/** Categories for the navbar, footer and listings, fetched once per language and kept five minutes (spec section 2, start-up behaviour). */
export const navigationCategories = cachedPerLocale(5 * 60_000, listCategories);
