import { apiLang, type Locale } from '../i18n/locales.ts';

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  body: T & { message?: string; messages?: string[] };
}

/** Calls our JSON API the way spec section 7 describes: `lang` query, JSON headers, optional bearer token. */
export async function apiFetch<T = unknown>(
  path: string,
  {
    locale,
    method = 'GET',
    body,
    token,
    headers: extra,
  }: { locale: Locale; method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
): Promise<ApiResult<T>> {
  const url = new URL(`/api${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  url.searchParams.set('lang', apiLang(locale));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  Object.assign(headers, extra);
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(url, init);
  const parsed = (await res.json().catch(() => ({}))) as ApiResult<T>['body'];
  return { ok: res.ok, status: res.status, body: parsed };
}

/** The message a toast shows for a failed call: the first of `messages`, else `message`, else the fallback. */
export const firstMessage = (body: { message?: string; messages?: string[] } | undefined, fallback: string): string =>
  body?.messages?.[0] ?? body?.message ?? fallback;
