import { createHmac } from 'node:crypto';
import { sameSecret } from '../constant-time.ts';

/**
 * Meta signs every webhook post: `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the raw body (the bytes as
 * sent, before any JSON parsing) keyed with the app secret. The demo's simulator signs its posts the same way.
 */
export const signWebhookBody = (appSecret: string, rawBody: string | Uint8Array): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** Whether the header is the body's signature, compared in constant time (a wrong length is refused first). */
export function webhookSignatureValid(appSecret: string, rawBody: string | Uint8Array, header: string | undefined): boolean {
  if (!appSecret || !header) return false;
  return sameSecret(header.trim(), signWebhookBody(appSecret, rawBody));
}
