import { hmacHex, sameSignature } from './signatures.ts';

/**
 * Paymob's HMAC (developers.paymob.com, "HMAC calculation" for the transaction processed and response callbacks):
 * the values of these 20 fields, in this order, concatenated with nothing between them, then HMAC-SHA512 keyed by
 * the account's HMAC secret, lower-case hex. Booleans are written "true"/"false" as Paymob sends them; a field
 * that is absent or null is written as the empty string.
 */
export const PAYMOB_HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? '' : String(value as string | number | boolean);

/** The string Paymob signs for a processed callback's transaction object (`obj`). */
export function paymobSignedText(transaction: Record<string, unknown>): string {
  return PAYMOB_HMAC_FIELDS.map((path) => {
    const [head, tail] = path.split('.') as [string, string | undefined];
    const value = transaction[head];
    return asText(tail ? (value as Record<string, unknown> | null | undefined)?.[tail] : value);
  }).join('');
}

/**
 * The string Paymob signs for the response callback (the browser's GET to the redirection URL): the same fields as
 * flat query parameters, where the order's id is the `order` parameter.
 */
export function paymobSignedQuery(query: URLSearchParams): string {
  return PAYMOB_HMAC_FIELDS.map((path) => query.get(path === 'order.id' ? 'order' : path) ?? '').join('');
}

export const paymobHmac = (secret: string, signedText: string): string => hmacHex('sha512', secret, signedText);

/** Constant-time check of a received Paymob `hmac` against the one computed over `signedText`. */
export const paymobHmacMatches = (secret: string, signedText: string, received: string | null | undefined): boolean =>
  sameSignature(received, paymobHmac(secret, signedText));
