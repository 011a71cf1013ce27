import type { ServerResponse } from 'node:http';

/**
 * Headers every response carries. Script and style sources are governed by the CSP <meta> Astro writes
 * with hashes of its inline scripts; this header adds what a meta tag cannot carry (frame-ancestors) and
 * nothing that would contradict it (both policies are enforced).
 */
export const securityHeaders: Record<string, string> = {
  'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
};

export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
}
