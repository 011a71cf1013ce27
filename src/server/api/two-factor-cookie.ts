import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { ApiEnv } from './context.ts';
import { clientAddress } from './session-cookie.ts';
import type { TwoFactorRealm } from '#core/second-factor/server/sign-in/realm.ts';
import { cookieNameOf, cookieValuesOf, isSecureRequest, tokenFromCookiesOf } from '#core/second-factor/server/sign-in/cookie.ts';
import type { SessionClient } from '#core/second-factor/server/sign-in/sessions.ts';

/**
 * A two-factor session's cookie (decision 016; the seller portal's since decision 031): HttpOnly, SameSite=Strict,
 * path `/` because the pages are rendered on the server for the signed-in member too; over https `__Host-` and Secure
 * (no subdomain or plain-http page can plant one). No Max-Age: it dies with the browser, and the server ends it sooner
 * when idle.
 */
export function realmCookie(realm: Pick<TwoFactorRealm, 'cookie'>) {
  const secure = (c: Context<ApiEnv>) => isSecureRequest(c.req.url, c.req.header('x-forwarded-proto'));
  const options = (c: Context<ApiEnv>) => ({ httpOnly: true, sameSite: 'Strict', path: '/', secure: secure(c) }) as const;
  return {
    set: (c: Context<ApiEnv>, token: string): void => {
      setCookie(c, cookieNameOf(realm, secure(c)), token, options(c));
    },
    clear: (c: Context<ApiEnv>): void => {
      deleteCookie(c, cookieNameOf(realm, secure(c)), options(c));
    },
    /** The request's token: none when the cookie is missing or sent twice (a planted duplicate). */
    token: (c: Context<ApiEnv>): string | undefined => tokenFromCookiesOf(realm, c.req.header('cookie'), secure(c)),
    /** Every token the request carries (a sign-in ends each one's session, planted or not). */
    presented: (c: Context<ApiEnv>): string[] => cookieValuesOf(realm, c.req.header('cookie'), secure(c)),
  };
}
export type RealmCookie = ReturnType<typeof realmCookie>;

/** Where a request came from, as a session records it. */
export const sessionClient = (c: Context<ApiEnv>): SessionClient => ({
  clientAddress: clientAddress(c),
  userAgent: c.req.header('user-agent') ?? null,
});
