import { defineMiddleware } from 'astro:middleware';
import { barePathRedirect } from '#i18n/bare-path.ts';
import { isLocale, LOCALE_SEGMENT } from '#i18n/locales.ts';
import { localeLocals, requestLocale } from '#i18n/request-locale.ts';
import { serverConfig } from '#server/config.ts';
import { sharedDatabase } from '#server/db/index.ts';
import { islandStyleInHeadBytes, withIslandStyleInHead } from '#server/http/island-style.ts';
import { crossSiteFormPost, crossSiteRefusal } from '#server/http/origin-check.ts';
import { cachedRender } from '#server/http/render-cache.ts';
import { nameRoute } from '#server/observability/request-context.ts';
import { testFaultsEnabled } from '#server/http/request-id.ts';
import { searchIndex, shareSearchIndex, updateSearchIndex } from '#server/search/registry.ts';
import { beforeCatalogVersion } from '#server/services/catalog/catalog-version.ts';
import { isPostgres } from '#server/services/catalog/catalog-changes.ts';

// The back office, the seller portal (issue 40; not /seller-profile, the shop's public seller pages), and the SMS
// confirmation page (issue 37: one shopper's order behind a single-use link).
const PRIVATE_PAGE = new RegExp(`^/${LOCALE_SEGMENT}/(?:admin|seller|confirm-order)(/|$)`);

function privatePage(response: Response): Response {
  response.headers.set('cache-control', 'no-store');
  response.headers.set('x-robots-tag', 'noindex, nofollow');
  return response;
}

let started: Promise<void> | undefined;
/**
 * The first on-demand request of this bundle (at start, the one scripts/start.mjs sends) builds the search index
 * unless an earlier bundle of this process already has (decision 013), and makes this bundle's code the one that
 * follows catalog changes. The background jobs (catalog watch, payment release, upload sweep, content schedule) are
 * not started here: src/app/background-jobs.ts owns them (docs/architecture.md).
 */
function prepareBundle(): Promise<void> {
  started ??= sharedDatabase().then(({ db }) => {
    shareSearchIndex(db);
    // SEARCH_AT_START=0: the publish check's short-lived server, which searches nothing, skips the build.
    // On PostgreSQL the search lives in the database (decision 038): no index to build.
    if (serverConfig().searchAtStart && !isPostgres(db)) void searchIndex(db);
    // A changed catalog reaches this bundle's search index before pages are cached under the new version.
    beforeCatalogVersion('search-index', (change) => updateSearchIndex(db, change?.productIds));
  });
  return started;
}

/**
 * Every page's language first (Astro.locals.locale, .t, .dir: src/i18n/request-locale.ts). Bare paths redirect to
 * the shopper's language (the production server does the same before Astro); on-demand pages go through the shared
 * render cache (src/server/http/render-cache.ts); the API is never cached here.
 */
export const onRequest = defineMiddleware(async (context, next): Promise<Response> => {
  // Before anything else, pre-rendered pages included (they pass here at build time, once per language).
  Object.assign(context.locals, localeLocals(requestLocale(context)));
  // Pre-rendered pages pass here at build time: the islands' stylesheet goes into <head> (island-style.ts).
  if (context.isPrerendered) return next().then(withIslandStyleInHead);
  // The request log and metrics count by route template (`/[locale]/single-product/[id]`), never by address.
  nameRoute(context.routePattern);
  // Astro's origin check is off (astro.config.ts): pages refuse cross-site form posts here, the API checks its own.
  if (crossSiteFormPost(context.request, context.url)) return crossSiteRefusal(context.request);
  // Astro.rewrite('/404') runs the middleware again for /404: that is the not-found page, not a bare path.
  const rewritten = context.url.pathname === '/404' || context.url.pathname === '/500';
  const target =
    !rewritten &&
    barePathRedirect(context.url, context.request.headers.get('cookie'), context.request.headers.get('accept-language'));
  if (target) {
    return new Response(null, {
      status: 302,
      headers: { location: target, vary: 'Cookie, Accept-Language', 'cache-control': 'no-store' },
    });
  }
  // A page under [locale] in a language the shop does not speak (the redirect above leaves only file-like paths).
  const { locale } = context.params;
  if (locale !== undefined && !isLocale(locale)) return context.rewrite('/404');
  // The error-page journey needs an exception thrown here; only with ENABLE_TEST_FAULTS=1, never in production.
  if (context.url.searchParams.has('__fail') && testFaultsEnabled()) throw new Error('Forced failure (test fault)');
  if (import.meta.env.DEV) return next();
  await prepareBundle();
  if (context.url.pathname.startsWith('/api/')) return next();
  // The back office is per staff member: never cached here or anywhere, never indexed (issue 22).
  if (PRIVATE_PAGE.test(context.url.pathname)) return next().then(withIslandStyleInHead).then(privatePage);
  return cachedRender(context.request, context.url, next, islandStyleInHeadBytes);
});
