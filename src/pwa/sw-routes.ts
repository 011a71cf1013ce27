import { defaultLocale, LOCALE_SEGMENT, type Locale, localeOr } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';

/**
 * The service worker's routing table (src/pwa/sw.ts, decision 025), as pure functions so a unit test can walk it.
 *
 * - `none`: the worker does not answer; the browser goes to the network as if there were no worker. Everything
 *   about one shopper (cart, orders, profile, checkout, payments, sessions) and the back office lands here.
 * - `page`: a page the shopper may revisit offline: network first (short timeout), then the copy from the last visit,
 *   then the offline page.
 * - `online-only`: a page that is worthless or dishonest from a cache (the payment step, account pages): network
 *   only; offline, the offline page (checkout's own one for the checkout pages).
 * - `asset`: a hashed build file (/_astro/): immutable, so cache first.
 * - `image`: a product or article picture: cache first, with a size and age limit.
 * - `catalog-api`: the catalog's public reads (the same for every shopper): network first, the last answer offline.
 */
export type SwRoute = 'none' | 'page' | 'online-only' | 'asset' | 'image' | 'catalog-api';

export interface SwRequest {
  url: string;
  method: string;
  /** `navigate` for a page load. */
  mode: string;
}

/** Public catalog reads of the API (src/server/api/catalog-routes.ts, home-routes.ts, search-routes.ts). */
const CATALOG_API =
  /^\/api\/(categories|products|variants|vendor_details|sliders|advertisements|shipping-steps|brands|autocomplete)(\/|$)/;
/** A shopper's own review of a product (issue 52), under the catalog's /api/products but about one shopper. */
const OWN_REVIEW = /^\/api\/products\/[^/]+\/review$/;
const PICTURES = /^\/api\/media\/(products|art)\/[^/]+$/;
/** The staff desk and the seller portal: one member's live work, never served from a cache (issue 40). */
const STAFF = new RegExp(`^/(${LOCALE_SEGMENT}/)?(admin|seller)(/|$)`);
/** The payment step and its result: prices and stock must be the server's of this instant (issue 41). */
const CHECKOUT = new RegExp(`^/${LOCALE_SEGMENT}/checkout/(checkout-payment|success)(/|$)`);
/** One shopper's pages and the sign-in flows: the islands on them need the API, so a cached shell would only fail. */
const ACCOUNT = new RegExp(`^/${LOCALE_SEGMENT}/(profile|login|sign-up|verify-otp|forget-password)(/|$)`);
const LOCALIZED = new RegExp(`^/${LOCALE_SEGMENT}(/|$)`);

export function swRouteFor(request: SwRequest, origin: string): SwRoute {
  if (request.method !== 'GET') return 'none';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'none';
  const path = url.pathname;
  if (STAFF.test(path)) return 'none';
  if (path.startsWith('/api/')) {
    if (PICTURES.test(path)) return 'image';
    return CATALOG_API.test(path) && !OWN_REVIEW.test(path) ? 'catalog-api' : 'none';
  }
  if (path.startsWith('/_astro/')) return 'asset';
  if (request.mode !== 'navigate') return /\.(png|jpe?g|webp|avif|gif|svg)$/i.test(path) ? 'image' : 'none';
  if (CHECKOUT.test(path) || ACCOUNT.test(path)) return 'online-only';
  return LOCALIZED.test(path) ? 'page' : 'none';
}

/** The language a path is in (its first segment), the default one for paths without it. */
export function localeOfPath(path: string): Locale {
  const match = new RegExp(`^/${LOCALE_SEGMENT}(/|$)`).exec(path);
  return match ? localeOr(match[1]) : defaultLocale;
}

/** The pre-rendered page the worker answers with when a page cannot be fetched and was never visited. */
export function offlinePageFor(path: string): string {
  const locale = localeOfPath(path);
  return localePath(locale, CHECKOUT.test(path) ? '/offline/checkout/' : '/offline/');
}

/** Cache names: pages and API answers belong to one build (their chunks are that build's); pictures outlive it. */
export const cacheNames = (build: string) => ({
  pages: `bb-pages-${build}`,
  catalogApi: `bb-catalog-api-${build}`,
  assets: 'bb-assets',
  images: 'bb-images',
});

/** Limits of the runtime caches (entries, seconds), so a long browse never fills the phone. */
export const cacheLimits = {
  pages: { maxEntries: 60 },
  catalogApi: { maxEntries: 60, maxAgeSeconds: 24 * 3600 },
  assets: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 },
  images: { maxEntries: 120, maxAgeSeconds: 7 * 24 * 3600 },
} as const;

/** Seconds a page or catalog read may take before the copy from the last visit is shown instead. */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** Caches of earlier builds, deleted when this build's worker takes over. */
export function staleCaches(names: readonly string[], build: string): string[] {
  const current = new Set(Object.values(cacheNames(build)));
  return names.filter((name) => /^bb-(pages|catalog-api)-/.test(name) && !current.has(name));
}

/** Marks a page served from the cache, so the layout shows that its prices may be out of date (global.css). */
export const markStale = (html: string): string => html.replace(/<html(?=[\s>])/, '<html data-stale');

/**
 * The worker's own request for a page (issue 50): past the browser's HTTP cache. Pages are sent with
 * stale-while-revalidate (for a CDN), which Chromium also applies to its own cache: within a minute of a visit it
 * answered the worker's network try from that cache even offline, and the copy showed unmarked. `no-cache` still lets
 * the server answer 304 to an unchanged page. A navigation's own request cannot carry the option, so it is copied
 * (its mode becomes same-origin, which a page of this origin is).
 */
export const pastHttpCache = (request: Request): Request => new Request(request, { cache: 'no-cache' });
