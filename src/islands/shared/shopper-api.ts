import type { Locale } from '../../i18n/locales.ts';
import { apiFetch, type ApiResult } from '../../lib/api-client.ts';
import { accessToken } from '../../stores/session.ts';

/** An API call as the logged-in shopper; null when there is no session (the caller sends the guest to login). */
export async function shopperFetch<T>(
  path: string,
  options: { locale: Locale; method?: string; body?: unknown; headers?: Record<string, string> },
): Promise<ApiResult<T> | null> {
  const token = await accessToken();
  if (!token) return null;
  if (!options.headers) return apiFetch<T>(path, { ...options, token });
  // apiFetch has no extra headers (Idempotency-Key): the same call, spelled out.
  const url = new URL(`/api${path}`, window.location.origin);
  url.searchParams.set('lang', options.locale === 'ar' ? 'ar-SA' : 'en-US');
  const res = await fetch(url, {
    method: options.method ?? 'GET',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const body = (await res.json().catch(() => ({}))) as ApiResult<T>['body'];
  return { ok: res.ok, status: res.status, body };
}
