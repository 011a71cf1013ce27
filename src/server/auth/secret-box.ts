import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { serverConfig } from '../config.ts';

/**
 * Staff secrets at rest (issue 34, ASVS 5.0 V11.5/V6.5): TOTP secrets are encrypted with AES-256-GCM, recovery codes
 * are kept as HMAC-SHA256 with a per-code salt. Both keys are derived (HKDF-SHA256) from STAFF_SECRET_KEY, one per
 * purpose. Every stored value names its key by a short id (the first 8 hex digits of SHA-256 of the key), so a key can
 * be rotated: the new one in STAFF_SECRET_KEY, the old ones in STAFF_SECRET_KEYS_OLD, still read until nothing uses
 * them. A sealed value: `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url).
 *
 * Rotation finishes with `npm run staff -- reseal` (issue 50, src/server/auth/reseal.ts): every sealed secret is opened
 * and sealed again under the current key. A recovery code's hash cannot be recomputed (the code is not kept), so its
 * HMAC key is carried instead: `w1.<current key id>.<iv>.<the retired key's HMAC key, sealed>.<tag>.<salt>.<mac>`,
 * which the current key alone verifies; the retired key itself can then leave STAFF_SECRET_KEYS_OLD.
 */
/** What a staff member's TOTP secret (and one being enrolled) is sealed for. */
export const TOTP_PURPOSE = 'staff.totp_secret';

interface Key {
  id: string;
  seal: Buffer;
  mac: Buffer;
}

const derived = new Map<string, Key>();

function keyOf(raw: string): Key {
  let key = derived.get(raw);
  if (!key) {
    const material = Buffer.from(raw, 'utf8');
    key = {
      id: createHash('sha256').update(material).digest('hex').slice(0, 8),
      seal: Buffer.from(hkdfSync('sha256', material, 'bean-bazaar', 'staff-secrets/aes-256-gcm', 32)),
      mac: Buffer.from(hkdfSync('sha256', material, 'bean-bazaar', 'staff-secrets/recovery-hmac', 32)),
    };
    derived.set(raw, key);
  }
  return key;
}

function keys(): { current: Key; byId: Map<string, Key> } {
  const { staffSecretKey } = serverConfig();
  if (staffSecretKey.current.length < 32) throw new Error('STAFF_SECRET_KEY must be at least 32 characters long');
  const current = keyOf(staffSecretKey.current);
  const byId = new Map([[current.id, current]]);
  for (const old of staffSecretKey.previous) {
    const key = keyOf(old);
    if (!byId.has(key.id)) byId.set(key.id, key);
  }
  return { current, byId };
}

/** The id of the key new values are sealed with (a value sealed with another is re-sealed when next used). */
export const currentKeyId = (): string => keys().current.id;

/** The ids of the retired keys (STAFF_SECRET_KEYS_OLD, in its order), for the operator's report. */
export const retiredKeyIds = (): string[] => [...keys().byId.keys()].filter((id) => id !== currentKeyId());

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** Encrypts `plain` for `purpose` (bound as associated data: a value cannot be moved to another column's use). */
export function sealSecret(plain: string, purpose: string): string {
  const { current } = keys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.seal, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', current.id, b64(iv), b64(body), b64(cipher.getAuthTag())].join('.');
}

export const isSealed = (stored: string): boolean => stored.startsWith('v1.');

/** The key id a sealed value or a keyed hash names (for a carried HMAC key, `w1`, the key that seals it). */
export const keyIdOf = (stored: string): string => stored.split('.')[1] ?? '';

/**
 * A stored secret no configured key opens: sealed under a key dropped from STAFF_SECRET_KEYS_OLD before
 * `npm run staff -- reseal` had run, or altered. The member's way back is an owner resetting their authenticator.
 */
export class SecretUnreadable extends Error {
  readonly keyId: string;
  constructor(keyId: string, why: string) {
    super(
      `A staff secret sealed with ${why} (key ${keyId}): set that key in STAFF_SECRET_KEYS_OLD, or reset the member's authenticator`,
    );
    this.keyId = keyId;
  }
}

/** Decrypts a sealed value; throws `SecretUnreadable` when its key is unknown or it was tampered with. */
export function openSecret(stored: string, purpose: string): string {
  const [version, id, iv, body, tag] = stored.split('.');
  return openWith(version === 'v1' ? id : undefined, iv, body, tag, purpose);
}

function openWith(
  id: string | undefined,
  iv: string | undefined,
  body: string | undefined,
  tag: string | undefined,
  purpose: string,
) {
  const key = keys().byId.get(id ?? '');
  if (!key || !iv || body === undefined || !tag) throw new SecretUnreadable(id ?? '?', 'an unknown key');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.seal, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable(id!, 'a key that does not open it (altered?)');
  }
}

/** A sealed value under the current key: unchanged when it already is, else opened and sealed again. */
export function resealSecret(stored: string, purpose: string): string {
  return keyIdOf(stored) === currentKeyId() ? stored : sealSecret(openSecret(stored, purpose), purpose);
}

/** What a carried HMAC key is sealed for (a recovery code hash under a retired key, re-keyed by reseal). */
const MAC_KEY_PURPOSE = 'staff.recovery_mac_key';

/**
 * A recovery code's keyed hash under the current key: a hash under a retired key keeps its salt and mac and carries
 * that key's HMAC key sealed under the current one (`w1`); a carried key sealed under a retired key is sealed again.
 * Throws `SecretUnreadable` when the key it names is not configured.
 */
export function rekeyHash(stored: string): string {
  if (keyIdOf(stored) === currentKeyId()) return stored;
  const parts = stored.split('.');
  let macKey: Buffer;
  let salt: string | undefined;
  let value: string | undefined;
  if (parts[0] === 'h1') {
    const key = keys().byId.get(parts[1] ?? '');
    if (!key) throw new SecretUnreadable(parts[1] ?? '?', 'an unknown key');
    [macKey, salt, value] = [key.mac, parts[2], parts[3]];
  } else if (parts[0] === 'w1') {
    macKey = Buffer.from(openWith(parts[1], parts[2], parts[3], parts[4], MAC_KEY_PURPOSE), 'base64url');
    [salt, value] = [parts[5], parts[6]];
  } else throw new SecretUnreadable(parts[1] ?? '?', 'an unknown format');
  const [, id, iv, body, tag] = sealSecret(b64(macKey), MAC_KEY_PURPOSE).split('.');
  return ['w1', id, iv, body, tag, salt, value].join('.');
}

const mac = (macKey: Buffer, salt: string, value: string) => createHmac('sha256', macKey).update(`${salt}:${value}`).digest();

/** A keyed, salted hash: `h1.<key id>.<salt>.<mac>`. */
export function keyedHash(value: string): string {
  const { current } = keys();
  const salt = b64(randomBytes(16));
  return ['h1', current.id, salt, b64(mac(current.mac, salt, value))].join('.');
}

/** Whether `value` is what `stored` (a keyedHash) was made from; false for an unknown key. Constant-time compare. */
export function keyedHashMatches(stored: string, value: string): boolean {
  const parts = stored.split('.');
  let macKey: Buffer | undefined;
  let salt: string | undefined;
  let expected: string | undefined;
  if (parts[0] === 'h1') [macKey, salt, expected] = [keys().byId.get(parts[1] ?? '')?.mac, parts[2], parts[3]];
  else if (parts[0] === 'w1') {
    try {
      macKey = Buffer.from(openWith(parts[1], parts[2], parts[3], parts[4], MAC_KEY_PURPOSE), 'base64url');
    } catch {
      return false;
    }
    [salt, expected] = [parts[5], parts[6]];
  }
  if (!macKey || !salt || !expected) return false;
  const want = Buffer.from(expected, 'base64url');
  const got = mac(macKey, salt, value);
  return want.length === got.length && timingSafeEqual(want, got);
}
