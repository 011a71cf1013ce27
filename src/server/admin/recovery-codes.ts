import { randomBytes } from 'node:crypto';
import type { ShopDb } from '../db/index.ts';
import { isoNow, sha256 } from '../auth/secrets.ts';

/** Ten single-use codes shown once at enrolment: a way in when the phone with the authenticator is lost. */
const COUNT = 10;

/** `xxxxx-xxxxx` in lowercase base32-like letters: easy to read aloud and type, 50 bits each. */
function newCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normalise = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/** Replaces a staff member's recovery codes with new ones and returns them (the only time they are readable). */
export async function issueRecoveryCodes(trx: ShopDb, staffId: number): Promise<string[]> {
  await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  const codes = Array.from({ length: COUNT }, newCode);
  await trx
    .insertInto('staff_recovery_codes')
    .values(codes.map((code) => ({ staff_id: staffId, code_hash: sha256(normalise(code)), used_at: null })))
    .execute();
  return codes;
}

/** Spends a recovery code: true once per code (a conditional update, so two requests cannot both use it). */
export async function spendRecoveryCode(db: ShopDb, staffId: number, code: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: isoNow() })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', sha256(normalise(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: ShopDb, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
