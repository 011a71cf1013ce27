/** Hosts a request may always name (health checks, the operator's own curl), and addresses that stay on the machine. */
export const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
export const LOOPBACK_IPS = new Set(['localhost', '127.0.0.1', '::1']);

/** The public origin: SITE_URL's, or in a demo the address the server listens on. */
export function originOf(siteUrl: string | undefined, host: string, port: number): string {
  if (siteUrl) {
    const url = new URL(siteUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`SITE_URL must be an http(s) origin, not ${siteUrl}`);
    return url.origin;
  }
  // Demo: the address the server listens on (a wildcard bind is reached through loopback).
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}
