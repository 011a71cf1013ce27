/// <reference lib="webworker" />
/**
 * The service worker (decision 025). Bundled by src/pwa/integration.ts at the end of every build, then Workbox's
 * injectManifest writes this build's shell (self.__WB_MANIFEST) into it: /sw.js changes with every build, so the
 * browser installs the new one and the page offers a reload (src/scripts/service-worker.ts). The routing rules are
 * src/pwa/sw-routes.ts (unit-tested); this file only wires them to Workbox's strategies.
 */
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types.js';
import {
  cacheLimits,
  cacheNames,
  markStale,
  NETWORK_TIMEOUT_SECONDS,
  offlinePageFor,
  pastHttpCache,
  type SwRoute,
  staleCaches,
  swRouteFor,
} from './sw-routes.ts';
import { notificationOf } from './sw-push.ts';
import { lowPriority, pagesToKeep } from './sw-start.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
/** The build this worker belongs to (set when bundled). */
declare const __BUILD_ID__: string;

const caches_ = cacheNames(__BUILD_ID__);
/** Workbox's plugin classes type their optional hooks `| undefined`, which exactOptionalPropertyTypes refuses. */
const plugins = (...list: object[]) => list as WorkboxPlugin[];
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

// The shell downloads behind whatever page is loading (issue 55).
addPlugins([lowPriority]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** A page read from the cache carries `data-stale`: the layout then says its prices may be out of date. */
const markCachedPages: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    // The body is read decoded and changed: its stored length and encoding no longer describe it.
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(markStale(await cachedResponse.text()), { status: cachedResponse.status, headers });
  },
};

/**
 * The network try asks the server, never the browser's HTTP cache (sw-routes.ts, pastHttpCache): a copy that cache
 * gave back would be shown as live. Workbox drops `fetchOptions` for navigations, so the request itself is replaced.
 */
const pastBrowserCache: WorkboxPlugin = { requestWillFetch: async ({ request }) => pastHttpCache(request) };

const pages = new NetworkFirst({
  cacheName: caches_.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: plugins(okOnly, new ExpirationPlugin(cacheLimits.pages), markCachedPages, pastBrowserCache),
});
const onlineOnly = new NetworkOnly();
const assets = new CacheFirst({
  cacheName: caches_.assets,
  plugins: plugins(okOnly, new ExpirationPlugin(cacheLimits.assets)),
});
const images = new CacheFirst({
  cacheName: caches_.images,
  plugins: plugins(okOnly, new ExpirationPlugin({ ...cacheLimits.images, purgeOnQuotaError: true })),
});
const catalogApi = new NetworkFirst({
  cacheName: caches_.catalogApi,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: plugins(okOnly, new ExpirationPlugin(cacheLimits.catalogApi)),
});

async function offlinePage(url: URL): Promise<Response> {
  return (await matchPrecache(offlinePageFor(url.pathname))) ?? Response.error();
}

const strategies: Record<Exclude<SwRoute, 'none'>, (options: RouteHandlerCallbackOptions) => Promise<Response>> = {
  page: (options) => pages.handle(options).catch(() => offlinePage(options.url)),
  'online-only': (options) => onlineOnly.handle(options).catch(() => offlinePage(options.url)),
  asset: (options) => assets.handle(options),
  image: (options) => images.handle(options),
  'catalog-api': (options) => catalogApi.handle(options),
};

for (const [route, handler] of Object.entries(strategies))
  registerRoute(({ request }) => swRouteFor(request, self.location.origin) === route, handler);

/** Whether this worker replaces an earlier one (an update) rather than being the visit's first. */
let replacing = false;

self.addEventListener('install', () => {
  replacing = self.registration.active !== null;
  // Takes over at once: the pages of the build it replaces keep working (their hashed chunks stay on the server for
  // three builds and go to the network), and the tabs are told a new version is ready (below).
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const earlier = staleCaches(await caches.keys(), __BUILD_ID__);
      // An earlier build's caches also tell of an update, should the browser have stopped this worker since install.
      replacing ||= earlier.length > 0;
      await Promise.all(earlier.map((name) => caches.delete(name)));
      // The first visit's tab is controlled at once, so its next page already goes through the worker.
      await self.clients.claim();
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open tab shows the build this worker replaces: the banner offers the reload (src/scripts/service-worker.ts).
      if (replacing) for (const tab of tabs) tab.postMessage('update-ready');
      // Pages shown before any worker controlled them (the very first visit): kept for offline too.
      const shown = tabs
        .map((tab) => tab.url)
        .filter((url) => swRouteFor({ url, method: 'GET', mode: 'navigate' }, self.location.origin) === 'page');
      await keepPages(shown);
    })(),
  );
});

/** Pages kept for offline as the worker keeps the ones it answers (all or, when one cannot be fetched now, none). */
async function keepPages(urls: string[]): Promise<void> {
  const cache = await caches.open(caches_.pages);
  await cache.addAll(urls).catch(() => undefined);
}

/**
 * Pages a tab showed before this worker ran (it is registered late, src/scripts/service-worker.ts): kept for offline
 * as the pages it answers are.
 */
self.addEventListener('message', (event) => {
  const urls = pagesToKeep(event.data, self.location.origin);
  if (urls.length > 0) event.waitUntil(keepPages(urls));
});

/** An order update (decision 029): shown in the order's language; a push must always show a notification. */
self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    // Not JSON: notificationOf shows the shop's name.
  }
  const { title, options } = notificationOf(payload, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** A tap opens the order page in the order's language: an open tab of the shop is brought forward, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url =
    (event.notification.data as { url?: string } | null)?.url ?? notificationOf(null, self.location.origin).options.data.url;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin) as WindowClient | undefined;
      // A tab this worker does not control cannot be navigated: a new window then.
      const moved = tab ? await tab.navigate(url).catch(() => null) : null;
      return moved ? moved.focus() : self.clients.openWindow(url);
    })(),
  );
});
