import { toPounds, typedPounds } from '../money.ts';
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { ProductsQuerySchema, type ProductsQuery } from '../schemas/products-query.ts';

/** Listing pages use the API's parameters, except prices, which shoppers type in whole EGP. */
export const DEFAULT_PER_PAGE = 24;

/** Query-string pairs to an object; a repeated key (a multi filter's checkboxes) becomes a list. */
function rawParams(params: URLSearchParams): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length) raw[key] = values.length === 1 ? values[0]! : values;
  }
  for (const [page, api] of [
    ['price_min', 'min_price'],
    ['price_max', 'max_price'],
  ] as const) {
    const egp = raw[page];
    delete raw[page];
    if (typeof egp === 'string') raw[api] = String(typedPounds(egp) ?? egp);
  }
  return raw;
}

/**
 * A listing URL's filters, sort and page. Bad values in a shared link are dropped one by one (a negative
 * page becomes page 1, an unknown sort the default) instead of failing the whole page.
 */
export function parseListing(params: URLSearchParams): ProductsQuery {
  const raw = rawParams(params);
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const parsed = ProductsQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0] ?? '')];
    if (parsed.error.issues.every((issue) => issue.path.length === 0)) break;
  }
  return ProductsQuerySchema.parse({});
}

const order = ['category', 'subCategory', 'query', 'seller', 'rating', 'in_stock', 'min_price', 'max_price', 'sort'] as const;

/** The shareable URL of a listing state: `/{locale}/products?category=..&subCategory=..&sort=..&page=..`. */
export function listingHref(locale: Locale, state: Partial<ProductsQuery>, base = '/products'): string {
  const params = new URLSearchParams();
  for (const key of order) {
    const value = state[key];
    if (value === undefined || value === '' || value === false) continue;
    if (key === 'min_price' || key === 'max_price')
      params.set(key === 'min_price' ? 'price_min' : 'price_max', String(toPounds(value as number)));
    else if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  if (state.per_page !== undefined && state.per_page !== DEFAULT_PER_PAGE) params.set('per_page', String(state.per_page));
  if (state.page !== undefined && state.page > 1) params.set('page', String(state.page));
  const qs = params.toString();
  return `${localePath(locale, base)}${qs ? `?${qs}` : ''}`;
}
