import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret the caller sent equals the expected one, compared in constant time (a token, a webhook secret, a
 * signature, a MAC): the one comparison every check of a secret goes through. Empty or missing is never equal.
 */
export function sameSecret(given: string | null | undefined, expected: string | null | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
