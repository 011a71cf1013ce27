import type { ShopDb } from '../db/index.ts';
import { buildCatalogIndex, type CatalogIndex } from './catalog-index.ts';

/**
 * The search index lives in process memory, one per database handle. Each app instance builds its own
 * from the database on first use and rebuilds it in the background once it is older than the refresh
 * interval (SEARCH_REFRESH_MS, default 5 minutes); code that changes the catalog calls
 * rebuildSearchIndex() so this instance sees the change at once.
 */
const refreshMs = Number(process.env['SEARCH_REFRESH_MS'] ?? 5 * 60_000);

interface Entry {
  current: Promise<CatalogIndex>;
  builtAt: number;
  rebuilding?: Promise<CatalogIndex> | undefined;
}

const entries = new WeakMap<ShopDb, Entry>();

/** The current index; a stale one is served while its replacement is built. */
export function searchIndex(db: ShopDb): Promise<CatalogIndex> {
  const entry = entries.get(db);
  if (!entry) return rebuildSearchIndex(db);
  if (Date.now() - entry.builtAt > refreshMs && !entry.rebuilding) {
    entry.rebuilding = buildCatalogIndex(db).then(
      (index) => {
        entries.set(db, { current: Promise.resolve(index), builtAt: Date.now() });
        return index;
      },
      (error: unknown) => {
        // Keep serving the old index; try again on a later request.
        console.error('Search index rebuild failed', error);
        entry.rebuilding = undefined;
        return entry.current;
      },
    );
  }
  return entry.current;
}

/** Builds the index now (after catalog changes, or at start) and serves it from then on. */
export function rebuildSearchIndex(db: ShopDb): Promise<CatalogIndex> {
  const current = buildCatalogIndex(db);
  entries.set(db, { current, builtAt: Date.now() });
  current.catch(() => entries.delete(db));
  return current;
}
