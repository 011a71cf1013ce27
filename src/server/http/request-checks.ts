import type { IncomingMessage } from 'node:http';

/** Methods any route of the shop answers; anything else (TRACE, CONNECT, made-up verbs) is a 405 before routing. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export type Refusal = { status: 400 | 404 | 405 | 416; reason: string; headers?: Record<string, string> };

/** `host` or `host:port`, where host is a DNS name, an IPv4 address or a bracketed IPv6 address (RFC 9110 §7.2). */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The host name of a Host header (no port, lower case, brackets kept for IPv6), or undefined when malformed. */
export function hostName(header: string | undefined): string | undefined {
  if (!header || header.length > 255 || !HOST_HEADER.test(header)) return undefined;
  return header.replace(/:\d{1,5}$/, '').toLowerCase();
}

/**
 * Checks what the router and the static file server would otherwise trip over, before either sees the request:
 * the method, the request target (origin-form only, parsable), the Host (well formed and one we serve) and a
 * byte range. Undefined means the request may go on; a Range header we will not honour is dropped (the whole
 * file is a valid answer, RFC 9110 §14.2).
 */
export function refuseRequest(
  req: IncomingMessage,
  servesHost: (name: string) => boolean,
  trustProxy: boolean,
): Refusal | undefined {
  const method = req.method ?? '';
  if (!(ALLOWED_METHODS as readonly string[]).includes(method))
    return { status: 405, reason: `method ${method.slice(0, 20)} not allowed`, headers: { allow: ALLOWED_METHODS.join(', ') } };
  const target = req.url ?? '';
  if (!target.startsWith('/') || target.startsWith('//')) return { status: 400, reason: 'request target must be a path' };
  let path: string;
  try {
    path = new URL(target, 'http://localhost').pathname;
  } catch {
    return { status: 400, reason: 'unparsable request target' };
  }
  // `%E0%A4%A` and the like: the router and the file server would each trip over it in their own way (issue 49).
  try {
    decodeURIComponent(path);
  } catch {
    return { status: 400, reason: 'malformed percent-encoding in the path' };
  }
  // No API route has an empty segment: a 404 in the error model, not Astro's HTML redirect to the collapsed path.
  if (path.startsWith('/api/') && path.includes('//')) return { status: 404, reason: 'no such API path' };
  const hosts = [req.headers.host];
  const forwarded = req.headers['x-forwarded-host'];
  if (trustProxy && forwarded) hosts.push((Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim());
  for (const host of hosts) {
    const name = hostName(host);
    if (!name) return { status: 400, reason: 'malformed Host header' };
    if (!servesHost(name)) return { status: 400, reason: `host ${name.slice(0, 60)} is not served here` };
  }
  return checkRange(req);
}

function checkRange(req: IncomingMessage): Refusal | undefined {
  const range = req.headers.range;
  if (range === undefined) return undefined;
  const single = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(range.trim());
  // Suffix ranges, several ranges and other units are legal but not worth serving: the whole file instead.
  if (!single) {
    delete req.headers.range;
    return undefined;
  }
  const [, start, end] = single;
  if (end !== '' && Number(start) > Number(end)) return { status: 416, reason: 'unsatisfiable range' };
  return undefined;
}
