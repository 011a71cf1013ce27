import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * What the shop's content security policy adds to Astro's. Script and style sources are Astro's (hashes of its inline
 * scripts): in a <meta> on pre-rendered pages, in the `content-security-policy` header of pages rendered on demand.
 * These directives cannot live in a <meta> (frame-ancestors) or are not Astro's to write; every answer carries them.
 */
export const SHOP_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/**
 * Headers every response carries. The CSP header is the shop's directives on their own (pre-rendered pages and files,
 * whose <meta> adds Astro's), or, when Astro writes its header on an on-demand page (the desk's included), Astro's
 * policy with the shop's directives added: one policy, never one replacing the other (issue 34).
 */
export const securityHeaders: Record<string, string> = {
  'content-security-policy': SHOP_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
};

const directiveName = (directive: string) => directive.trim().split(/\s+/)[0]?.toLowerCase() ?? '';

/** A policy with the shop's directives added where it has none of that name (a route's own stricter one stays). */
export function withShopPolicy(policy: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const names = new Set(directives.map(directiveName));
  for (const ours of SHOP_POLICY.split(';').map((d) => d.trim())) if (!names.has(directiveName(ours))) directives.push(ours);
  return directives.join('; ');
}

const CSP = 'content-security-policy';

function mergedHeaders(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    // [[name, value], …] or a flat [name, value, …] list.
    if (headers.every((h) => Array.isArray(h)))
      return (headers as [string, string][]).map(([n, v]) => [n, n.toLowerCase() === CSP ? withShopPolicy(String(v)) : v]);
    return headers.map((v, i, all) => (i % 2 === 1 && String(all[i - 1]).toLowerCase() === CSP ? withShopPolicy(String(v)) : v));
  }
  if (headers && typeof headers === 'object') {
    const copy: OutgoingHttpHeaders = { ...(headers as OutgoingHttpHeaders) };
    for (const name of Object.keys(copy))
      if (name.toLowerCase() === CSP && copy[name] !== undefined) copy[name] = withShopPolicy(String(copy[name]));
    return copy;
  }
  return headers;
}

export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  // A policy written later (Astro's header on an on-demand page, by setHeader or writeHead) keeps the shop's directives.
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    setHeader(name, name.toLowerCase() === CSP && typeof value === 'string' ? withShopPolicy(value) : value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) =>
    writeHead(
      ...args.map((arg, i) => (i > 0 && typeof arg === 'object' ? mergedHeaders(arg) : arg)),
    )) as ServerResponse['writeHead'];
}
