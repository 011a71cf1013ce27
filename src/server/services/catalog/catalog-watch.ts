import pg from 'pg';
import { serverConfig } from '../../config.ts';
import type { ShopDb } from '../../db/index.ts';
import { CATALOG_CHANNEL, INSTANCE_ID } from './catalog-changes.ts';
import { catalogVersion, checkCatalogVersion } from './catalog-version.ts';
import { runJob } from '../../observability/job-run.ts';
import { log } from '../../observability/logger.ts';

/** How often each instance compares the catalog fingerprint (catches edits made directly in the database). */
const checkMs = serverConfig().catalogCheckMs;
/**
 * Starts what keeps the catalog version current: a first fingerprint, a periodic check every
 * CATALOG_CHECK_MS (default 15 s, at most 60 s) and, on PostgreSQL, a dedicated LISTEN connection that
 * reconnects with back-off and re-checks after each reconnect (notifications sent while it was down are lost).
 * Started and stopped by src/app/background-jobs.ts (once per process); returns what stops it.
 */
export function watchCatalog(db: ShopDb, databaseUrl: string | undefined): () => Promise<void> {
  // Each check is a job run (one log line, at debug unless the catalog changed; src/server/observability/job-run.ts).
  const check = () =>
    void runJob(
      'catalog-watch',
      async () => {
        const before = catalogVersion();
        await checkCatalogVersion(db);
        return { changed: catalogVersion() !== before };
      },
      ({ changed }) => !changed,
    );
  check();
  const timer = setInterval(check, checkMs);
  timer.unref();
  let client: pg.Client | undefined;
  let stopped = false;
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await client?.end().catch(() => undefined);
  };
  if (!databaseUrl) return stop;
  let delay = 500;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    const retry = (): void => {
      if (stopped || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    };
    client = next;
    next.on('error', retry);
    next.on('end', retry);
    next.on('notification', (message) => {
      if (message.channel !== CATALOG_CHANNEL || message.payload?.includes(`"from":"${INSTANCE_ID}"`)) return;
      void checkCatalogVersion(db, true, announcedIds(message.payload));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOG_CHANNEL}`);
      delay = 500;
      void checkCatalogVersion(db);
    } catch (error) {
      log().error({ err: error }, 'catalog LISTEN connection failed; retrying');
      retry();
    }
  };
  void connect();
  return stop;
}

/** The products another instance announced; undefined when unreadable or cut at 500 (then everything is re-read). */
function announcedIds(payload: string | undefined): number[] | undefined {
  try {
    const ids: unknown = (JSON.parse(payload ?? '') as { productIds?: unknown }).productIds;
    return Array.isArray(ids) && ids.length < 500 && ids.every(Number.isInteger) ? (ids as number[]) : undefined;
  } catch {
    return undefined;
  }
}
