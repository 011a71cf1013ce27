import type { Locale } from '#i18n/locales.ts';
import type { ShopDb } from '../db/index.ts';
import { catalogVersion } from '../services/catalog/catalog-version.ts';

/**
 * Memoises a per-language read for a while (navigation categories, the brand filter's names): every page of a
 * build or of the on-demand server draws them, and they change rarely. Keyed by database too, so tests on
 * fresh databases never see each other's rows. A failed read is forgotten at once: the next page tries again. A new
 * catalog version (a category or a seller changed in the desk, on this instance or another) starts over at once.
 */
export function cachedPerLocale<T>(ttlMs: number, load: (db: ShopDb, locale: Locale) => Promise<T>) {
  const byDb = new WeakMap<ShopDb, Map<Locale, { at: number; version: string; value: Promise<T> }>>();
  return (db: ShopDb, locale: Locale): Promise<T> => {
    const cache = byDb.get(db) ?? byDb.set(db, new Map()).get(db)!;
    const hit = cache.get(locale);
    const version = catalogVersion();
    if (hit && hit.version === version && Date.now() - hit.at < ttlMs) return hit.value;
    const value = load(db, locale);
    cache.set(locale, { at: Date.now(), version, value });
    value.catch(() => cache.delete(locale));
    return value;
  };
}
