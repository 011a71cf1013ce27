import { sql } from 'kysely';
import type { ShopDb } from '../../db/index.ts';
import { serverConfig } from '../../config.ts';
import { log } from '../../observability/logger.ts';

/**
 * The catalog version of this process: a counter bumped when the fingerprint of every product's price, old price
 * and stock moves, and by each announced change. Render caches key their pages by it, so a new version is a purge.
 * The state lives on globalThis because the Astro server bundle(s) and the HTTP server are separate module
 * graphs, and after a publish two bundles share one process: one version, one watcher, every bundle listens.
 */
type Listener = (version: string) => unknown;
/** What changed: the products named by announcements, or undefined when unknown (the fingerprint moved). */
export type CatalogChangeSet = { productIds: number[] } | undefined;
type BeforeWork = (change: CatalogChangeSet) => Promise<unknown>;
interface VersionState {
  fingerprint: string;
  counter: number;
  listeners: Set<Listener>;
  /** Work to finish before a new version is published (e.g. rebuilding the search index), by name. */
  before: Map<string, BeforeWork>;
  dirty?: boolean;
  forced?: boolean;
  /** A staff action is among the announced changes: the next version does not wait for the coalescing gap. */
  urgent?: boolean;
  /** Products announced since the last check; 'unknown' once an announcement came without them. */
  announced?: Set<number> | 'unknown' | undefined;
  loop?: Promise<void> | undefined;
  /** When the version last moved (ms): announced changes within CATALOG_COALESCE_MS of it wait and fold into one. */
  movedAt?: number;
  /**
   * The database the running check reads: the latest caller's. A loop waiting for the coalescing gap must not read
   * a database closed since (a test file's end in a shared worker) and keep that database's fingerprint.
   */
  db?: ShopDb;
}
const key = Symbol.for('coffee-marketplace.catalog-version');
const store = globalThis as unknown as Record<symbol, VersionState | undefined>;

export function versionState(): VersionState {
  return (store[key] ??= { fingerprint: '', counter: 0, listeners: new Set(), before: new Map() });
}

/** The current version; part of every render-cache key. */
export function catalogVersion(): string {
  // The counter alone: reading the first fingerprint at start is not a change, so it must not empty caches.
  return `v${versionState().counter}`;
}

/** Calls `listener` with each new version (after the `before` work has finished). Returns an unsubscribe. */
export function onCatalogVersion(listener: Listener): () => void {
  versionState().listeners.add(listener);
  return () => versionState().listeners.delete(listener);
}

/**
 * Registers work that must be done before a new version is visible (so pages cached under it are fresh). The
 * latest registration of a name wins: after a publish the new bundle's search index is rebuilt, not the old one's.
 */
export function beforeCatalogVersion(name: string, work: BeforeWork): void {
  versionState().before.set(name, work);
}

/**
 * One cheap aggregate over the products table (a few ms for 10,000 rows): changes whenever a price, old price
 * or stock changes, whoever made the change (our code or an editor working directly in the database).
 */
export async function readFingerprint(db: ShopDb): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select([
      sql<string>`count(*)`.as('n'),
      // 64-bit arithmetic: on PostgreSQL `id * price` in 32-bit integers overflows once ids and prices grow (a 10,000-row
      // import of 500 EGP products did), and a failing check would leave every instance's pages stale.
      sql<string>`coalesce(sum(cast(id as bigint) * (cast(price as bigint) + 7 * cast(stock as bigint) + 3 * cast(coalesce(before_discount, 0) as bigint))), 0)`.as(
        'w',
      ),
      sql<string>`coalesce(sum(cast(price as bigint) + stock + cast(coalesce(before_discount, 0) as bigint)), 0)`.as('s'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.n}.${row.w}.${row.s}`;
}

/** Reads the fingerprint and, when it moved (or `force`), runs the `before` work, then tells every listener. */
async function checkOnce(db: ShopDb, force: boolean, announced: Set<number> | 'unknown' | undefined): Promise<void> {
  const state = versionState();
  const fingerprint = await readFingerprint(db);
  if (!force && fingerprint === state.fingerprint) return;
  if (state.fingerprint === '' && !force) {
    state.fingerprint = fingerprint;
    return;
  }
  // Announced products are the whole change; a fingerprint that moved by itself could be anything.
  const change: CatalogChangeSet = force && announced instanceof Set ? { productIds: [...announced] } : undefined;
  await Promise.allSettled([...state.before.values()].map((work) => work(change)));
  state.fingerprint = fingerprint;
  state.counter += 1;
  state.movedAt = Date.now();
  const version = catalogVersion();
  for (const listener of state.listeners) listener(version);
}

/**
 * Checks the catalog version (`force` after an announced change: a new version even if the fingerprint did not
 * move). Requests during a running check are folded into one more check, and announced changes within
 * CATALOG_COALESCE_MS of the last move wait for the gap and fold into one (unless `urgent`: a staff action), so a
 * burst of orders or cancels costs one
 * version (one render-cache purge, one in-place search-index update of the products named), not one per change.
 * Resolves once the version reflects every request so far.
 */
export function checkCatalogVersion(db: ShopDb, force = false, productIds?: readonly number[], urgent = false): Promise<void> {
  const state = versionState();
  state.db = db;
  state.dirty = true;
  state.forced ||= force;
  state.urgent ||= urgent;
  if (force) {
    if (!productIds || state.announced === 'unknown') state.announced = 'unknown';
    else {
      const set = state.announced ?? new Set<number>();
      for (const id of productIds) set.add(id);
      state.announced = set;
    }
  }
  state.loop ??= (async () => {
    try {
      while (state.dirty) {
        // A burst of announced changes (cancels by reply giving stock back, orders) moves the version once per
        // CATALOG_COALESCE_MS: each move empties the render cache, so one per change would keep pages uncached.
        // The first change after a quiet spell is seen at once; the ones after it wait for the gap and fold together.
        // A staff action (a suspended seller, an edited product) is shown at once: only order bursts wait.
        const wait = state.forced && !state.urgent ? (state.movedAt ?? 0) + serverConfig().catalogCoalesceMs - Date.now() : 0;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const forced = state.forced ?? false;
        const announced = state.announced;
        state.dirty = false;
        state.forced = false;
        state.urgent = false;
        state.announced = undefined;
        await checkOnce(state.db ?? db, forced, announced).catch((error: unknown) => {
          // A check that was waiting for the coalescing gap when the database closed (a shutdown, a test file's end)
          // has nothing to check: not a failure worth an error line.
          if (error instanceof Error && error.message === 'driver has already been destroyed') return;
          log().error({ err: error }, 'catalog version check failed');
        });
      }
    } finally {
      state.loop = undefined;
    }
  })();
  return state.loop;
}
