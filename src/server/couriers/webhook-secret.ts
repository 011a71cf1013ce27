import { sameSecret } from '../constant-time.ts';
import { WEBHOOK_SECRET_HEADER } from './courier-company.ts';

/**
 * Whether a webhook carries our secret header (courier companies do not sign their webhooks: Bosta sends back the
 * custom headers we gave it). Compared in constant time (src/server/constant-time.ts).
 */
export function hasWebhookSecret(headers: Headers, secret: string): boolean {
  return sameSecret(headers.get(WEBHOOK_SECRET_HEADER), secret);
}
