import type { IncomingMessage } from 'node:http';
import { LOCALE_SEGMENT } from '#i18n/locales.ts';
import { trustsProxy } from '../config.ts';

const TRAILING_SLASH_PAGE = new RegExp(`^/${LOCALE_SEGMENT}/.+/$`);

/** One address per page: a page URL with a trailing slash (not a language's home, not the API) → 301 without it. */
export function canonicalSlash(url: URL): string | undefined {
  if (!TRAILING_SLASH_PAGE.test(url.pathname)) return undefined;
  return url.pathname.replace(/\/+$/, '') + url.search;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Behind TLS terminated by a proxy we trust (TRUST_PROXY=1), the proxy's X-Forwarded-Proto tells how the shopper
 * came: over https the answer carries HSTS; over plain http the shopper is sent to https with a 301. Without
 * TRUST_PROXY the header is ignored (anyone could send it), and the server speaks plain http on loopback.
 */
export function transportPolicy(
  req: Pick<IncomingMessage, 'headers' | 'url'>,
  env?: NodeJS.ProcessEnv,
): { redirect?: string; hsts?: string } {
  if (!trustsProxy(env)) return {};
  const header = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  if (proto === 'https') return { hsts: HSTS };
  if (proto !== 'http') return {};
  const forwardedHost = req.headers['x-forwarded-host'];
  const host = (Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost)?.split(',')[0]?.trim() ?? req.headers.host;
  if (!host || !/^[a-z0-9.-]+(:\d+)?$/i.test(host)) return {};
  return { redirect: `https://${host}${req.url ?? '/'}` };
}
