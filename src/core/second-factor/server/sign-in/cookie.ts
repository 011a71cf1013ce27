import { serverConfig } from '#server/config.ts';
import type { TwoFactorRealm } from './realm.ts';

/**
 * A realm's session cookie by name. In production (always https: SITE_URL must be) and on any https request (its own
 * URL, or X-Forwarded-Proto from the TLS proxy in front): a `__Host-` cookie is Secure, for `/`, of this host only, so
 * neither a sibling subdomain nor a plain-http page can plant or overwrite it. Browsers refuse the prefix without
 * Secure, which plain http cannot set: on a plain-http demo or test server the plain name is used.
 */
export const cookieNameOf = (realm: Pick<TwoFactorRealm, 'cookie'>, secure: boolean): string =>
  secure ? realm.cookie.secure : realm.cookie.plain;

/**
 * Whether the cookie is the Secure `__Host-` one. X-Forwarded-Proto is taken as it comes: a client that forges it only
 * changes which cookie name its own request is read with, and the API and the pages decide the same way.
 */
export function isSecureRequest(url: string, forwardedProto: string | null | undefined): boolean {
  if (serverConfig().production || new URL(url).protocol === 'https:') return true;
  return forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** Every value of the realm's cookie in a Cookie header (one, normally). */
export function cookieValuesOf(
  realm: Pick<TwoFactorRealm, 'cookie'>,
  header: string | null | undefined,
  secure: boolean,
): string[] {
  const name = cookieNameOf(realm, secure);
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}

/**
 * The token in a Cookie header, or undefined when there is none or more than one: a browser holds one such cookie
 * (path `/`), so a second one with the same name was planted (another path, a subdomain) and neither is trusted.
 */
export function tokenFromCookiesOf(
  realm: Pick<TwoFactorRealm, 'cookie'>,
  header: string | null | undefined,
  secure: boolean,
): string | undefined {
  const values = cookieValuesOf(realm, header, secure);
  return values.length === 1 ? values[0] : undefined;
}
