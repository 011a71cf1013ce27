import type { Locale } from '../../i18n/locales.ts';
import type { ShopDb } from '../db/index.ts';

/**
 * Memoises a per-language read for a while (navigation categories, the brand filter's names): every page of a
 * build or of the on-demand server draws them, and they change rarely. Keyed by database too, so tests on
 * fresh databases never see each other's rows. A failed read is forgotten at once: the next page tries again.
 */
export function cachedPerLocale<T>(ttlMs: number, load: (db: ShopDb, locale: Locale) => Promise<T>) {
  const byDb = new WeakMap<ShopDb, Map<Locale, { at: number; value: Promise<T> }>>();
  return (db: ShopDb, locale: Locale): Promise<T> => {
    const cache = byDb.get(db) ?? byDb.set(db, new Map()).get(db)!;
    const hit = cache.get(locale);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = load(db, locale);
    cache.set(locale, { at: Date.now(), value });
    value.catch(() => cache.delete(locale));
    return value;
  };
}
