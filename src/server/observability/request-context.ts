import { AsyncLocalStorage } from 'node:async_hooks';

/** What the request log and the metrics learn about a request while it is served (src/server/http/request-log.ts). */
export interface RequestRecord {
  id: string;
  /** The route template that answered (`/api/products/:id`, `/[locale]/single-product/[id]`, `static`, …). */
  route?: string;
  shopperId?: number;
  staffId?: number;
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

/** Who made the current request, once an API guard knows (never a name, e-mail or phone: ids only). */
export function nameRequester(who: { shopperId?: number | undefined; staffId?: number | undefined }): void {
  const record = storage.getStore();
  if (!record) return;
  if (who.shopperId !== undefined) record.shopperId = who.shopperId;
  if (who.staffId !== undefined) record.staffId = who.staffId;
}
