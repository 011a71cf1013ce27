import { createHmac } from 'node:crypto';
import { sameSecret } from '../constant-time.ts';
import { localePath } from '#i18n/routes.ts';
import type { Locale } from '#i18n/locales.ts';
import { serverConfig } from '../config.ts';

/**
 * The SMS fallback's confirmation page (issue 37): `/{locale}/confirm-order?token=…`, no login. The token names the
 * order and is signed (HMAC-SHA256 under the token secret, or the staff key in a demo), so nobody can answer for
 * another order; it works once (the answer is taken under `link:<order>` in message_inbox, as a webhook event is).
 */
const PURPOSE = 'order-confirm-link';
const key = (): string => serverConfig().tokenSecret ?? serverConfig().staffSecretKey.current;
const mac = (orderId: number): string =>
  createHmac('sha256', key()).update(`${PURPOSE}:${orderId}`).digest('base64url').slice(0, 32);

export const confirmLinkToken = (orderId: number): string => `${orderId}.${mac(orderId)}`;

export function orderOfToken(token: string): number | null {
  const match = /^(\d{1,12})\.([\w-]{32})$/.exec(token);
  if (!match) return null;
  const orderId = Number(match[1]);
  return sameSecret(match[2], mac(orderId)) ? orderId : null;
}

/** The link the SMS carries, in the order's language. */
export const confirmLinkUrl = (orderId: number, locale: Locale): string =>
  `${serverConfig().publicOrigin}${localePath(locale, '/confirm-order')}?token=${confirmLinkToken(orderId)}`;
