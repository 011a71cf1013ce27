import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { serverConfig } from '../config.ts';

/**
 * Staff secrets at rest (issue 34, ASVS 5.0 V11.5/V6.5): TOTP secrets are encrypted with AES-256-GCM, recovery codes
 * are kept as HMAC-SHA256 with a per-code salt. Both keys are derived (HKDF-SHA256) from STAFF_SECRET_KEY, one per
 * purpose. Every stored value names its key by a short id (the first 8 hex digits of SHA-256 of the key), so a key can
 * be rotated: the new one in STAFF_SECRET_KEY, the old ones in STAFF_SECRET_KEYS_OLD, still read until nothing uses
 * them. A sealed value: `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url).
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

/** The key id a sealed value or a keyed hash names. */
export const keyIdOf = (stored: string): string => stored.split('.')[1] ?? '';

/** Decrypts a sealed value; throws when its key is unknown or it was tampered with. */
export function openSecret(stored: string, purpose: string): string {
  const [version, id, iv, body, tag] = stored.split('.');
  const key = keys().byId.get(id ?? '');
  if (version !== 'v1' || !key || !iv || body === undefined || !tag)
    throw new Error(`A staff secret sealed with an unknown key (${id ?? '?'}): set it in STAFF_SECRET_KEYS_OLD`);
  const decipher = createDecipheriv('aes-256-gcm', key.seal, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const mac = (key: Key, salt: string, value: string) => createHmac('sha256', key.mac).update(`${salt}:${value}`).digest();

/** A keyed, salted hash: `h1.<key id>.<salt>.<mac>`. */
export function keyedHash(value: string): string {
  const { current } = keys();
  const salt = b64(randomBytes(16));
  return ['h1', current.id, salt, b64(mac(current, salt, value))].join('.');
}

/** Whether `value` is what `stored` (a keyedHash) was made from; false for an unknown key. Constant-time compare. */
export function keyedHashMatches(stored: string, value: string): boolean {
  const [version, id, salt, expected] = stored.split('.');
  const key = keys().byId.get(id ?? '');
  if (version !== 'h1' || !key || !salt || !expected) return false;
  const want = Buffer.from(expected, 'base64url');
  const got = mac(key, salt, value);
  return want.length === got.length && timingSafeEqual(want, got);
}
