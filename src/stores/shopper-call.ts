/**
 * Calls an endpoint that belongs to the logged-in shopper (cart, wishlist, checkout, orders) with the session's
 * bearer token. Shared by the cart sync, $wishlist and the checkout and order islands; not a store itself.
 */
import { isLocale, type Locale } from '../i18n/locales.ts';
import { apiFetch, type ApiResult } from '../lib/api-client.ts';
import { accessToken } from './session.ts';

/** The page's language, from <html lang> (set by the layouts). */
export const pageLocale = (): Locale => {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
};

/** An API call as the logged-in shopper; null when there is no token (the caller sends the guest to login). */
export async function shopperFetch<T>(
  path: string,
  options: { locale: Locale; method?: string; body?: unknown; headers?: Record<string, string> },
): Promise<ApiResult<T> | null> {
  const token = await accessToken();
  if (!token) return null;
  return apiFetch<T>(path, { ...options, token });
}

/** shopperFetch in the page's language. */
export const shopperCall = <T>(path: string, method = 'GET', body?: unknown): Promise<ApiResult<T> | null> =>
  shopperFetch<T>(path, { locale: pageLocale(), method, body });
