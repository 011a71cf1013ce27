import { LOCALE_SEGMENT } from './locales.ts';
import { preferredLocale } from './negotiate.ts';

/** Paths that are never localized pages: the languages, the API, assets and any file (e.g. /share/og-default.png). */
const passThrough = new RegExp(String.raw`^/${LOCALE_SEGMENT}(/|$)|^/api(/|$)|^/_astro/|^/(?:[^/]+/)*[^/]+\.[a-z0-9]+$`, 'i');

/**
 * Where a bare path (`/`, `/products?category=1`, `/single-product/5`) should go: the same path under the
 * preferred locale (cookie, then Accept-Language, then English). Undefined when the path needs no redirect.
 */
export function barePathRedirect(url: URL, cookie: string | null, acceptLanguage: string | null): string | undefined {
  if (passThrough.test(url.pathname)) return undefined;
  const locale = preferredLocale(cookie, acceptLanguage);
  return `/${locale}${url.pathname === '/' ? '/' : url.pathname}${url.search}`;
}
