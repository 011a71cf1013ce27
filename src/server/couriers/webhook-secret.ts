import { createHash, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_HEADER } from './courier-company.ts';

/**
 * Whether a webhook carries our secret header (courier companies do not sign their webhooks: Bosta sends back the
 * custom headers we gave it). Compared in constant time over the hashes, so neither length nor content leaks.
 */
export function hasWebhookSecret(headers: Headers, secret: string): boolean {
  const given = headers.get(WEBHOOK_SECRET_HEADER);
  if (!given || !secret) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}
