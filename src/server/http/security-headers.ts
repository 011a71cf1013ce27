import { ServerResponse, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';

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

/**
 * Policies already merged: Astro writes one policy per page kind (the hashes of its inline scripts), so the same few
 * strings come back on every on-demand answer and are merged once each (issue 56). Bounded for any that vary.
 */
const merged = new Map<string, string>();

/** A policy with the shop's directives added where it has none of that name (a route's own stricter one stays). */
export function withShopPolicy(policy: string): string {
  let known = merged.get(policy);
  if (known === undefined) {
    known = mergePolicy(policy);
    if (merged.size >= 200) merged.clear();
    merged.set(policy, known);
  }
  return known;
}

function mergePolicy(policy: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const names = new Set(directives.map(directiveName));
  for (const ours of SHOP_POLICY.split(';').map((d) => d.trim())) if (!names.has(directiveName(ours))) directives.push(ours);
  return directives.join('; ');
}

const CSP = 'content-security-policy';

/** The value with the shop's directives when `name` is the CSP header, else the value as it is. */
const withShopDirectives = <V>(name: string, value: V): V | string =>
  typeof value === 'string' && name.toLowerCase() === CSP ? withShopPolicy(value) : value;

function mergedHeaders(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    // [[name, value], …] or a flat [name, value, …] list.
    if (headers.every((h) => Array.isArray(h)))
      return (headers as [string, string][]).map(([n, v]) => [n, withShopDirectives(n, String(v))]);
    return headers.map((v, i, all) => (i % 2 === 1 ? withShopDirectives(String(all[i - 1]), v) : v));
  }
  if (headers && typeof headers === 'object') {
    let copy: OutgoingHttpHeaders | undefined;
    for (const name in headers) {
      const value = (headers as OutgoingHttpHeaders)[name];
      if (value === undefined) continue;
      const merged = withShopDirectives(name, value);
      // The usual head (no policy, or one merged already, as the render cache writes it) is passed on as it is.
      if (merged !== value) (copy ??= { ...(headers as OutgoingHttpHeaders) })[name] = merged;
    }
    return copy ?? headers;
  }
  return headers;
}

const SECURITY_HEADERS = Object.entries(securityHeaders);

/**
 * The shop server's response (http.createServer's `ServerResponse` option): every answer starts with the security
 * headers, and a policy written later (Astro's header on an on-demand page, by setHeader or writeHead) keeps the
 * shop's directives. A class rather than methods patched onto each response: nothing is made per request (issue 56).
 */
export class SecureResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  constructor(req: Request, options?: object) {
    // @ts-expect-error Node constructs it with (req, { highWaterMark, … }); its typings name the request only.
    super(req, options);
    for (const [name, value] of SECURITY_HEADERS) super.setHeader(name, value);
  }

  override setHeader(name: string, value: number | string | readonly string[]): this {
    return super.setHeader(name, withShopDirectives(name, value));
  }

  override writeHead(...args: unknown[]): this {
    for (let i = 1; i < args.length; i += 1) if (typeof args[i] === 'object') args[i] = mergedHeaders(args[i]);
    return (super.writeHead as (...all: unknown[]) => this)(...args);
  }
}
