/**
 * Calls an endpoint that belongs to the logged-in shopper (cart, wishlist) in the page's language with the
 * session's bearer token. Shared by the cart sync and $wishlist; not a store itself.
 */
import { isLocale, type Locale } from '../i18n/locales.ts';
import { apiFetch, type ApiResult } from '../lib/api-client.ts';
import { accessToken } from './session.ts';

/** The page's language, from <html lang> (set by the layouts). */
export const pageLocale = (): Locale => {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
};

/** Null when there is no token (a guest, or a session that just ended). */
export async function shopperCall<T>(path: string, method = 'GET', body?: unknown): Promise<ApiResult<T> | null> {
  const token = await accessToken();
  if (!token) return null;
  return apiFetch<T>(path, { locale: pageLocale(), method, body, token });
}
