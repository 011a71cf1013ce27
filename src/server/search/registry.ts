import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { buildCatalogIndex, readDocuments, type CatalogIndex } from './catalog-index.ts';
import { log } from '../observability/logger.ts';
import { isPostgres } from '../services/catalog/catalog-changes.ts';
import { freshDocuments } from './documents.ts';

/**
 * The search index lives in process memory. The server builds it at start (middleware.ts, when start.mjs sends its
 * first request), so no shopper waits for it; a full rebuild runs in the background while the old index keeps
 * serving (new products, the SEARCH_REFRESH_MS backstop, default 5 minutes); an order's price and stock changes are
 * taken into the live index in place (updateSearchIndex), which costs one read of the changed rows.
 */
const refreshMs = serverConfig().searchRefreshMs;

interface Entry {
  current: Promise<CatalogIndex>;
  builtAt: number;
  ready?: boolean;
  rebuilding?: Promise<CatalogIndex> | undefined;
}

// The process's shared database has one index for every server bundle loaded (after a publish the new bundle finds
// it ready), so it lives on globalThis; any other database (tests) has its own.
const key = Symbol.for('coffee-marketplace.search-index');
const store = globalThis as unknown as Record<symbol, Entry | undefined>;
const entries = new WeakMap<ShopDb, Entry>();
const shared = new WeakSet<ShopDb>();

/** Marks the process-wide database (sharedDatabase()) of this bundle: its index is the process's one. */
export function shareSearchIndex(db: ShopDb): void {
  shared.add(db);
}

const entryOf = (db: ShopDb): Entry | undefined => (shared.has(db) ? store[key] : entries.get(db));
function setEntry(db: ShopDb, entry: Entry | undefined): void {
  if (shared.has(db)) store[key] = entry;
  else if (entry) entries.set(db, entry);
  else entries.delete(db);
}

/** The current index (built now if there is none yet); a stale one is served while its replacement is built. */
export function searchIndex(db: ShopDb): Promise<CatalogIndex> {
  const entry = entryOf(db);
  if (!entry) {
    const current = buildCatalogIndex(db);
    const created: Entry = { current, builtAt: Date.now() };
    setEntry(db, created);
    current.then(
      () => (created.ready = true),
      () => setEntry(db, undefined),
    );
    return current;
  }
  if (Date.now() - entry.builtAt > refreshMs && !entry.rebuilding) void rebuildSearchIndex(db);
  return entry.current;
}

/**
 * For the metrics: whether `db`'s index is built, and its products. The server script (a module graph of its own, which
 * never marked the process's database as shared) finds the shared index on globalThis.
 */
export async function searchIndexState(db: ShopDb): Promise<{ ready: boolean; documents: number }> {
  // On PostgreSQL the documents are the database's (decision 038): ready from the start, nothing held here.
  if (isPostgres(db)) return { ready: true, documents: 0 };
  const entry = entryOf(db) ?? store[key];
  return entry?.ready ? { ready: true, documents: (await entry.current).size } : { ready: false, documents: 0 };
}

/** Whether a search can be answered at once (for /api/health: a load balancer or the benchmark waits for it). */
export const searchIndexReady = (db: ShopDb): boolean => isPostgres(db) || entryOf(db)?.ready === true;

/** Builds a new index; the current one keeps answering until the new one is ready. */
export function rebuildSearchIndex(db: ShopDb): Promise<CatalogIndex> {
  const entry = entryOf(db);
  if (!entry) return searchIndex(db);
  if (entry.rebuilding) return entry.rebuilding;
  entry.rebuilding = buildCatalogIndex(db).then(
    (index) => {
      setEntry(db, { current: Promise.resolve(index), builtAt: Date.now(), ready: true });
      return index;
    },
    (error: unknown) => {
      log().error({ err: error }, 'search index rebuild failed; the previous index keeps serving');
      entry.rebuilding = undefined;
      return entry.current;
    },
  );
  return entry.rebuilding;
}

/**
 * Follows a catalog change: the named products' prices, stock and ratings are taken into the index in place, and a
 * product made or renamed in the desk is indexed (also into a rebuild under way, which may have read them before the
 * change); an unknown change rebuilds it.
 */
export async function updateSearchIndex(db: ShopDb, productIds?: readonly number[]): Promise<void> {
  // PostgreSQL: prices and stock are read from the products at each search; renamed or new products' documents,
  // marked stale by the triggers, are written before the new catalog version shows (migration 041).
  if (isPostgres(db)) return freshDocuments(db);
  const entry = entryOf(db);
  if (!entry) return;
  if (!productIds) {
    await rebuildSearchIndex(db);
    return;
  }
  if (productIds.length === 0) return;
  const documents = await readDocuments(db, productIds);
  for (const pending of [entry.current, entry.rebuilding]) (await pending)?.upsert(documents);
}
