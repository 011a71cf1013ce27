import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ApiEnv } from '../context.ts';
import { STAFF_COOKIE } from '../../admin/staff-sessions.ts';

/**
 * The staff session cookie (decision 016): HttpOnly, SameSite=Strict, Secure behind TLS, path `/` because the desk's
 * pages are rendered on the server for the signed-in member too. No Max-Age: it dies with the browser, and the server
 * ends it sooner when idle.
 */

const secure = (c: Context<ApiEnv>) => new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';

export const setStaffCookie = (c: Context<ApiEnv>, token: string): void =>
  setCookie(c, STAFF_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/', secure: secure(c) });

export const clearStaffCookie = (c: Context<ApiEnv>): void => {
  deleteCookie(c, STAFF_COOKIE, { path: '/', secure: secure(c) });
};

export const staffToken = (c: Context<ApiEnv>): string | undefined => getCookie(c, STAFF_COOKIE);
