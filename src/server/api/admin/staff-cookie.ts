import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { ApiEnv } from '../context.ts';
import { clientAddress } from '../session-cookie.ts';
import {
  isSecureRequest,
  staffCookieName,
  staffCookieValues,
  staffTokenFromCookies,
  type SessionClient,
} from '../../admin/staff-sessions.ts';

/**
 * The staff session cookie (decision 016, issue 34): HttpOnly, SameSite=Strict, path `/` because the desk's pages are
 * rendered on the server for the signed-in member too; over https named `__Host-bb_staff` and Secure (no subdomain or
 * plain-http page can plant one), on plain http (a demo, the tests) `bb_staff`. No Max-Age: it dies with the browser,
 * and the server ends it sooner when idle.
 */

const secure = (c: Context<ApiEnv>) => isSecureRequest(c.req.url, c.req.header('x-forwarded-proto'));

export const setStaffCookie = (c: Context<ApiEnv>, token: string): void =>
  setCookie(c, staffCookieName(secure(c)), token, { httpOnly: true, sameSite: 'Strict', path: '/', secure: secure(c) });

export const clearStaffCookie = (c: Context<ApiEnv>): void => {
  deleteCookie(c, staffCookieName(secure(c)), { path: '/', secure: secure(c), httpOnly: true, sameSite: 'Strict' });
};

/** The request's staff token: none when the cookie is missing or sent twice (a planted duplicate). */
export const staffToken = (c: Context<ApiEnv>): string | undefined => staffTokenFromCookies(c.req.header('cookie'), secure(c));

/** Every staff token the request carries (a sign-in ends each one's session, planted or not). */
export const presentedStaffTokens = (c: Context<ApiEnv>): string[] => staffCookieValues(c.req.header('cookie'), secure(c));

/** Where a request came from, as a staff session records it. */
export const sessionClient = (c: Context<ApiEnv>): SessionClient => ({
  clientAddress: clientAddress(c),
  userAgent: c.req.header('user-agent') ?? null,
});
