import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { COMMON_PASSWORDS } from './common-password-list.ts';

/**
 * Password storage (ASVS 5.0 V11.4.2): argon2id with OWASP's first recommended setting (19 MiB, 2 passes,
 * parallelism 1), a 16-byte random salt, in the PHC string format so the parameters can be raised later.
 */
export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

const derive = (password: string, nonce: Buffer, p: { memory: number; passes: number; parallelism: number; tagLength: number }) =>
  new Promise<Buffer>((resolve, reject) =>
    argon2('argon2id', { message: Buffer.from(password.normalize('NFKC')), nonce, ...p }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, ARGON2_PARAMS);
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** True when the password matches the stored hash; false for anything unparsable. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = PHC.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const key = await derive(password, Buffer.from(m[4]!, 'base64'), {
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so both paths take the same time. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(12).toString('hex')));

let common: Set<string> | undefined;

/** ASVS 5.0 V6.2.4: refuse the 5,000 most common passwords (compared lowercased). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  return common.has(password.toLowerCase());
}
