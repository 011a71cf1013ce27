/**
 * The one way the browser calls our API (issue 21): islands, stores and page scripts go through `apiFetch` (anyone)
 * or `shopperFetch` (the logged-in shopper). It puts the spec's `lang` on the URL, sends JSON or a FormData body,
 * attaches the bearer token, renews it once when the server answers 401, and reads a refusal into `ApiProblem`.
 * Nothing else under src/islands or src/stores calls `fetch` (eslint.config.js).
 */
import { apiLang, isLocale, type Locale } from '#i18n/locales.ts';
import { accessToken, renewAccessToken } from '#stores/session.ts';

/** A refusal as the API words it (src/server/api/errors.ts): the lead message, all messages, and per-field ones. */
export interface ApiProblem {
  message: string;
  messages: string[];
  errors: Record<string, string[]>;
  /** `<section>.<key>`, e.g. `orders.outOfStock`. */
  code?: string;
  /** Details for the client, e.g. the product ids that ran out. */
  detail?: Record<string, unknown>;
}

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  /** The answer as sent: `{ data, message? }` when ok, the problem's fields otherwise. */
  body: T & Partial<ApiProblem>;
  /** The refusal, when not ok (a body that is not the API's answers an empty message). */
  problem: ApiProblem | null;
}

export interface CallOptions {
  /** The reader's language; the page's own by default. */
  locale?: Locale;
  method?: string;
  /** Sent as JSON, or as multipart when it is a FormData (the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The page's language, from <html lang> (set by the layouts). */
export const pageLocale = (): Locale => {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
};

function request(
  path: string,
  { locale = pageLocale(), method = 'GET', body, headers: extra, signal }: CallOptions,
  token?: string,
) {
  const url = new URL(`/api${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  url.searchParams.set('lang', apiLang(locale));
  const headers: Record<string, string> = { accept: 'application/json' };
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  Object.assign(headers, extra);
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) init.body = form ? (body as FormData) : JSON.stringify(body);
  if (signal) init.signal = signal;
  return fetch(url, init);
}

async function read<T>(res: Response): Promise<ApiResult<T>> {
  const body = (await res.json().catch(() => ({}))) as ApiResult<T>['body'];
  const problem = res.ok
    ? null
    : { ...body, message: body.message ?? '', messages: body.messages ?? [], errors: body.errors ?? {} };
  return { ok: res.ok, status: res.status, body, problem };
}

/** A call anyone may make (catalog, forms, quotes). */
export async function apiFetch<T = unknown>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  return read<T>(await request(path, options));
}

/**
 * A call as the logged-in shopper (cart, wishlist, checkout, orders, account); null when there is no session (the
 * caller sends the guest to login). A 401 renews the token once and tries again (it may have expired in between).
 */
export async function shopperFetch<T = unknown>(path: string, options: CallOptions = {}): Promise<ApiResult<T> | null> {
  const token = await accessToken();
  if (!token) return null;
  const first = await request(path, options, token);
  if (first.status !== 401) return read<T>(first);
  const renewed = await renewAccessToken();
  return read<T>(renewed && renewed !== token ? await request(path, options, renewed) : first);
}

/** The message a toast shows for a failed call: the first of `messages`, else `message`, else the fallback. */
export const firstMessage = (body: { message?: string; messages?: string[] } | undefined | null, fallback: string): string =>
  body?.messages?.[0] || body?.message || fallback;
