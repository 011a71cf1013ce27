import { createHmac } from 'node:crypto';
import { sameSecret } from '../constant-time.ts';

/** Lower-case hex HMAC of `data` (PayTabs: SHA-256 over the raw body; OPay v2: SHA-512 over timestamp + body). */
export const hmacHex = (algorithm: 'sha256' | 'sha512', key: string, data: string): string =>
  createHmac(algorithm, key).update(data, 'utf8').digest('hex');

/** Compares a received hex signature with the expected one in constant time; any malformed input is false. */
export function sameSignature(received: string | null | undefined, expected: string): boolean {
  return sameSecret(received?.trim().toLowerCase(), expected);
}
