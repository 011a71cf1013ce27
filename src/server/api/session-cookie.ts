import type { Context, MiddlewareHandler } from 'hono';
import { serverConfig } from '../config.ts';
import { Problem } from '../problem.ts';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_TOKEN_SECONDS } from '../auth/refresh-tokens.ts';
import type { ApiEnv } from './context.ts';

/**
 * The web client's refresh token (decision 007): HttpOnly so page scripts never see it, SameSite=Strict and
 * scoped to /api/auth so it only travels to the refresh and logout calls, Secure behind TLS.
 */
export const REFRESH_COOKIE = 'bb_refresh';
const PATH = '/api/auth';

const secure = (c: Context<ApiEnv>) => new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';

export function setRefreshCookie(c: Context<ApiEnv>, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: secure(c),
    maxAge: REFRESH_TOKEN_SECONDS,
  });
}

export const clearRefreshCookie = (c: Context<ApiEnv>): void => {
  deleteCookie(c, REFRESH_COOKIE, { path: PATH, secure: secure(c), httpOnly: true, sameSite: 'Strict' });
};

/** The refresh token from the body (mobile apps, API clients) or else from the cookie (the web shop). */
export const presentedRefresh = (c: Context<ApiEnv>, fromBody: string | undefined): string | undefined =>
  fromBody || getCookie(c, REFRESH_COOKIE) || undefined;

/**
 * Refuses a request whose Origin is not the shop's own (issue 19). The cookie-authenticated calls must not
 * rely on the browser's preflight alone: a browser always sends Origin with a POST, so a foreign or opaque
 * ('null') one is a page elsewhere spending the shopper's cookie. Clients without a browser send none.
 */
export const sameOriginOnly: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== new URL(c.req.url).origin && origin !== serverConfig().publicOrigin)
    throw new Problem(403, 'api.foreignOrigin');
  await next();
};

/**
 * The staff desk's and the sellers' APIs (/api/admin, /api/seller): answers about one account are never cached nor
 * indexed, and cookie-authenticated calls come from the shop's own pages only (sameOriginOnly).
 */
export const privateApi: MiddlewareHandler<ApiEnv>[] = [
  async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex');
  },
  sameOriginOnly,
];

/** The client address for the brute-force limit (set by the Astro endpoint from the socket). */
export const clientAddress = (c: Context<ApiEnv>): string =>
  // In-process requests (tests) carry no env at all.
  (c.env as ApiEnv['Bindings'] | undefined)?.clientAddress ?? 'unknown';
