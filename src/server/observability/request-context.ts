import { AsyncLocalStorage } from 'node:async_hooks';

/** What the request log and the metrics learn about a request while it is served (src/server/http/request-log.ts). */
export interface RequestRecord {
  id: string;
  /** The route template that answered (`/api/products/:id`, `/[locale]/single-product/[id]`, `static`, …). */
  route?: string;
  shopperId?: number;
  staffId?: number;
  /** The answer failed after its first byte went out (a streamed download): logged and counted as a 500. */
  failed?: boolean;
  /** Ends the connection at once; set by the server that owns it (src/server/http/request-log.ts). */
  abort?: () => void;
}

// On globalThis: the server (scripts/start.mjs's module graph) opens the record, the Astro bundle names the route.
const key = Symbol.for('coffee-marketplace.request-context');
const store = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestRecord> | undefined>;
const storage = (store[key] ??= new AsyncLocalStorage<RequestRecord>());

/** Runs `serve` (and everything it starts) with `record` as the current request. */
export const withRequestRecord = <T>(record: RequestRecord, serve: () => T): T => storage.run(record, serve);

/** Names the current request's route template; the innermost router to answer names it last. */
export function nameRoute(route: string): void {
  const record = storage.getStore();
  if (record) record.route = route;
}

/** The route template named so far for the current request (the render cache keeps it with a page). */
export const currentRoute = (): string | undefined => storage.getStore()?.route;

/** Who made the current request, once an API guard knows (never a name, e-mail or phone: ids only). */
export function nameRequester(who: { shopperId?: number | undefined; staffId?: number | undefined }): void {
  const record = storage.getStore();
  if (!record) return;
  if (who.shopperId !== undefined) record.shopperId = who.shopperId;
  if (who.staffId !== undefined) record.staffId = who.staffId;
}

/**
 * What to call when the current request's answer fails after its first byte (issue 49): no status can be sent any
 * more, so the connection is ended at once (the client sees a broken download, never an error text inside the file)
 * and the request is logged and counted as a server error (500), not as a client that left (499). Taken while the
 * request is current, called whenever the failure comes; true when the connection was ended (outside a server, e.g.
 * `app.request()` in tests, there is none to end).
 */
export function midStreamFailure(): () => boolean {
  const record = storage.getStore();
  return () => {
    if (!record?.abort) return false;
    record.failed = true;
    record.abort();
    return true;
  };
}
