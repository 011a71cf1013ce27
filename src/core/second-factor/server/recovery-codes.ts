import { randomBytes } from 'node:crypto';
import type { ShopDb } from '#server/db/index.ts';
import { isoNow, sha256 } from '#server/auth/secrets.ts';
import { keyedHash, keyedHashMatches } from '#server/auth/secret-box.ts';
import { realmDb, tablesOf, type TwoFactorRealm } from './sign-in/realm.ts';

/**
 * Ten single-use codes shown once (at enrolment, and when the member makes new ones): a way in when the phone with the
 * authenticator is lost. Each is 120 random bits (15 bytes read as 24 base-32 characters: every character exactly 5
 * bits, so no character is likelier than another), kept only as an HMAC-SHA256 under the server's key with a salt of
 * its own (src/server/auth/secret-box.ts): the database alone does not give them away, nor two equal codes. Staff
 * and seller members alike (a realm names whose table: src/core/second-factor/server/sign-in/realm.ts).
 */
const COUNT = 10;
/** Crockford's base 32: no i, l, o or u, so nothing reads as another character. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `xxxx-xxxx-xxxx-xxxx-xxxx-xxxx`: 24 characters of 5 bits each. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(15);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  const chars: string[] = [];
  for (let i = 23; i >= 0; i -= 1) chars.push(ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)]!);
  return (chars.join('').match(/.{4}/g) ?? []).join('-');
}

/** What the member typed, as the code was made: case, spaces and hyphens do not matter; i and l are 1, o is 0. */
const normalise = (code: string) =>
  code
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
/** Codes issued before issue 34 (50 bits, `xxxxx-xxxxx`) were hashed with their hyphen; migration 025 keyed those hashes. */
const legacyNormalise = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/** Replaces a member's recovery codes with new ones and returns them (the only time they are readable). */
export async function issueRecoveryCodes(trx: ShopDb, realm: TwoFactorRealm, memberId: number): Promise<string[]> {
  const t = tablesOf(realm);
  await realmDb(trx).deleteFrom(t.recoveryCodes).where(t.key, '=', memberId).execute();
  const codes = Array.from({ length: COUNT }, newRecoveryCode);
  await realmDb(trx)
    .insertInto(t.recoveryCodes)
    .values(
      codes.map((code) => ({
        ...({ [t.key]: memberId } as { member_id: number }),
        code_hash: keyedHash(sha256(normalise(code))),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/** Spends a recovery code: true once per code (a conditional update, so two requests cannot both use it). */
export async function spendRecoveryCode(db: ShopDb, realm: TwoFactorRealm, memberId: number, code: string): Promise<boolean> {
  if (code.length > 64) return false;
  const t = tablesOf(realm);
  const rows = await realmDb(db)
    .selectFrom(t.recoveryCodes)
    .select(['id', 'code_hash'])
    .where(t.key, '=', memberId)
    .where('used_at', 'is', null)
    .execute();
  const inner = [sha256(normalise(code)), sha256(legacyNormalise(code))];
  // Every row is compared (no early exit), so the time does not tell which one matched.
  let match: number | null = null;
  for (const row of rows) for (const value of inner) if (keyedHashMatches(row.code_hash, value)) match ??= row.id;
  if (match === null) return false;
  const result = await realmDb(db)
    .updateTable(t.recoveryCodes)
    .set({ used_at: isoNow() })
    .where('id', '=', match)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: ShopDb, realm: TwoFactorRealm, memberId: number): Promise<number> {
  const t = tablesOf(realm);
  const row = await realmDb(db)
    .selectFrom(t.recoveryCodes)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(t.key, '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
