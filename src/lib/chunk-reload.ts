/** Spec section 4: a failed page-chunk load reloads the page once, at most once per 60 seconds. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

export const isChunkLoadError = (reason: unknown): boolean =>
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    reason instanceof Error ? reason.message : String(reason),
  );

/**
 * Whether to reload now, given when the last chunk-failure reload happened (ms since epoch, or null) and whether the
 * browser is online. The reload is for a chunk that a newer build removed; offline (a page from the service worker's
 * cache whose island was never fetched) a reload cannot bring the chunk either, and it would take the shopper back to
 * this page from the one they had just asked for (an offline journey in CI saw exactly that).
 */
export function shouldReload(lastReloadAt: number | null, now: number, online = true): boolean {
  if (!online) return false;
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}
