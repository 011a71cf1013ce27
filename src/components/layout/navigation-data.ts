import type { Locale } from '../../i18n/locales.ts';
import type { Category } from '../../lib/types.ts';
import { sharedDatabase } from '../../server/db/index.ts';
import { listCategories } from '../../server/services/catalog/categories.ts';

const cache = new Map<Locale, { at: number; value: Promise<Category[]> }>();
const TTL_MS = 5 * 60_000;

/** Categories for the navbar and footer, fetched once per locale and kept (spec section 2, start-up behaviour). */
export function navigationCategories(locale: Locale): Promise<Category[]> {
  const hit = cache.get(locale);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = sharedDatabase().then(({ db }) => listCategories(db, locale));
  cache.set(locale, { at: Date.now(), value });
  // A failed read must not be served from the cache for five minutes: the next render tries again.
  value.catch(() => cache.delete(locale));
  return value;
}
