/**
 * Data for islands comes from stores (issue 21). `dataStore(path)` makes one store for one read of the API: the
 * first island that subscribes (`useStore`) starts the read, every other island on the page shares it (one request
 * while it is on its way, none once it arrived); a change answered with fresh data is stored as it comes (`set`), a
 * change elsewhere reads again (`reload`, or `invalidate` when nobody may be showing it). Reads go through the one
 * API client (src/lib/api-client.ts); the shopper's stores are emptied when the session ends or changes hands.
 *
 * Islands never read shopper data themselves: they `useStore($addresses)` and draw `status`, `data` and `error`.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { apiFetch, firstMessage, shopperFetch, type ApiResult } from '#lib/api-client.ts';
import { $session } from './session.ts';

export interface Loaded<T> {
  /**
   * idle: not asked yet (or emptied at sign-out); loading (a reload keeps the data it had); ready; failed (`error`
   * says why); guest: the API has no shopper for this page (the island sends them to login).
   */
  status: 'idle' | 'loading' | 'ready' | 'failed' | 'guest';
  data: T | null;
  /** The API's message for a failed read ('' when there is none, e.g. the network failed: the island words it). */
  error: string | null;
}

export interface DataStore<T> {
  $store: ReadableAtom<Loaded<T>>;
  /** The data as it stands, without starting a read (`$store.get()` would mount the store). */
  current(): T | null;
  /** Reads once: a caller while the read is on its way, or after it arrived, gets that read (no second request). */
  load(): Promise<void>;
  /** Reads again (a retry after a failure, or data changed elsewhere); an older read still on its way is dropped. */
  reload(): Promise<void>;
  /** The data changed elsewhere: read again when an island shows it, else the next island to subscribe reads it. */
  invalidate(): Promise<void>;
  /** Stores what a change answered (the API answers a change with the fresh data); an older read is dropped. */
  set(data: T): void;
  /** Empty again (sign-out). */
  reset(): void;
}

const idle = { status: 'idle', data: null, error: null } as const;

/** Every store of the signed-in shopper's data, emptied together when the session ends. */
const shopperStores: { reset(): void; remount(): void }[] = [];

export interface DataStoreOptions<T, B> {
  /** The part of the answer the store keeps (`body.data` by default). */
  pick?: (body: B) => T;
  /** Public data (read with `apiFetch`): kept across sign-outs. Shopper data (`shopperFetch`) by default. */
  anyone?: boolean;
}

export function dataStore<T, B = { data: T }>(path: string, options: DataStoreOptions<T, B> = {}): DataStore<T> {
  const pick = options.pick ?? ((body: B) => (body as { data: T }).data);
  const $store = atom<Loaded<T>>(idle);
  // Read through this variable, never $store.get() (which mounts the store, and so would start a read).
  let state: Loaded<T> = idle;
  const put = (next: Loaded<T>) => {
    state = next;
    $store.set(next);
  };
  let inflight: Promise<void> | null = null;
  /** Bumped by every read, change and reset: an answer to an older read is dropped. */
  let generation = 0;
  let mounted = false;

  const call = (): Promise<ApiResult<B> | null> => (options.anyone ? apiFetch<B>(path) : shopperFetch<B>(path));

  function reload(): Promise<void> {
    const mine = ++generation;
    put({ ...state, status: 'loading', error: null });
    const run = (async () => {
      // A network failure is a failed read like any other.
      const res = await call().catch(() => undefined);
      if (mine !== generation) return;
      if (res === null || res?.status === 401) put({ status: 'guest', data: null, error: null });
      else if (!res?.ok) put({ ...state, status: 'failed', error: firstMessage(res?.body, '') });
      else put({ status: 'ready', data: pick(res.body), error: null });
    })();
    inflight = run;
    void run.finally(() => {
      if (inflight === run) inflight = null;
    });
    return run;
  }

  function load(): Promise<void> {
    if (inflight) return inflight;
    return state.status === 'idle' ? reload() : Promise.resolve();
  }

  function reset() {
    generation += 1;
    inflight = null;
    put(idle);
  }

  onMount($store, () => {
    mounted = true;
    void load();
    return () => {
      mounted = false;
    };
  });

  const store: DataStore<T> = {
    $store,
    current: () => state.data,
    load,
    reload,
    invalidate: () => {
      if (mounted) return reload();
      reset();
      return Promise.resolve();
    },
    set: (data) => {
      generation += 1;
      inflight = null;
      put({ status: 'ready', data, error: null });
    },
    reset,
  };
  if (!options.anyone) shopperStores.push({ reset, remount: () => void (mounted && load()) });
  return store;
}

/** Other shopper state kept outside `dataStore` (the order being followed) registers here to be emptied too. */
export function onShopperChange(reset: () => void): void {
  shopperStores.push({ reset, remount: () => undefined });
}

/** Empties every store of the shopper's data (the session listener below; tests). */
export function clearShopperData(): void {
  for (const s of shopperStores) s.reset();
}

/**
 * The session ended (sign-out, here or in another tab) or another shopper signed in: every shopper store is emptied,
 * and the ones an island still shows read again for the new shopper. Settling from 'unknown' on page load is no change.
 */
let shopper: number | null | undefined;
$session.subscribe(({ status, user }) => {
  if (status === 'unknown') return;
  const now = status === 'user' && user ? user.id : null;
  const before = shopper;
  shopper = now;
  if (before === undefined || before === now) return;
  clearShopperData();
  if (now !== null) for (const s of shopperStores) s.remount();
});
