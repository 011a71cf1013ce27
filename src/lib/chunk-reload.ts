/** Spec section 4: a failed page-chunk load reloads the page once, at most once per 60 seconds. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

export const isChunkLoadError = (reason: unknown): boolean =>
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    reason instanceof Error ? reason.message : String(reason),
  );

/** Whether to reload now, given when the last chunk-failure reload happened (ms since epoch, or null). */
export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}
