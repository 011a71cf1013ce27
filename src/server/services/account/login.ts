import { egyptianMobile } from '#lib/phone.ts';
import { Problem } from '../../problem.ts';
import { clearSlots, enforceLimits, giveBackSlot } from '../../auth/rate-limit.ts';
import { dummyHash, verifyPassword } from '../../auth/passwords.ts';
import type { ShopDb } from '../../db/index.ts';

/** The account a login counts against: the user when one matches, else what was typed (unknown accounts are limited too). */
export const loginSubject = (userId: number | undefined, typed: string): string => (userId ? `user:${userId}` : `typed:${typed}`);

/**
 * Checks credentials (e-mail or mobile number, as typed) and returns the shopper's id. Unknown account and
 * wrong password get the same message and the same work (ASVS 5.0 V6.3.8).
 *
 * The attempt is counted before the password is checked, in one atomic step per limit (issue 19): of 30 requests
 * at once, at most 10 reach the slow hash. The account's count is keyed on the account, so typing the e-mail
 * or the mobile number uses the same ten. A success clears the account's count and gives the address its slot back.
 */
export async function login(db: ShopDb, input: { login: string; password: string }, ip: string): Promise<number> {
  const typed = input.login.trim().toLowerCase();
  const isEmail = typed.includes('@');
  const account = isEmail ? typed : (egyptianMobile(typed) ?? typed);
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'phone_verified_at'])
    .where(isEmail ? 'email' : 'phone', '=', account)
    .executeTakeFirst();
  const subject = loginSubject(user?.id, account);
  await enforceLimits(
    db,
    [
      ['loginAddress', ip],
      ['loginAccount', subject],
    ],
    'tooManyLogins',
  );
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) throw new Problem(401, 'account.badCredentials');
  await clearSlots(db, 'loginAccount', subject);
  await giveBackSlot(db, 'loginAddress', ip);
  if (!user.phone_verified_at) throw new Problem(403, 'account.notVerified');
  return user.id;
}
