import { LOCALE_SEGMENT, type Locale } from './locales.ts';

const LOCALE_PREFIX = new RegExp(String.raw`^/${LOCALE_SEGMENT}(?=/|\?|$)`);

/** Prefixes an app path with the locale: `localePath('ar', '/products')` → `/ar/products`. */
export function localePath(locale: Locale, path = '/'): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/** The same page in another language, keeping the rest of the path and the query. */
export function switchLocale(pathWithQuery: string, to: Locale): string {
  // Pre-rendered pages see their own path with a trailing slash; links use the canonical form without it.
  const stripped = pathWithQuery.replace(LOCALE_PREFIX, '').replace(/(.)\/+(?=\?|$)/, '$1');
  return localePath(to, stripped === '' || stripped.startsWith('?') ? `/${stripped}` : stripped);
}

/** The products listing URL of the spec: /{locale}/products?category=..&subCategory=.. */
export function productsPath(locale: Locale, params: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const qs = query.toString();
  return `${localePath(locale, '/products')}${qs ? `?${qs}` : ''}`;
}

/** The product page of the spec's single-product-id route. */
export const productPath = (locale: Locale, id: number | string) => localePath(locale, `/single-product/${id}`);
