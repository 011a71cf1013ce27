import type { Dictionary } from '../../../i18n/en.ts';
import { egyptianMobile } from '../../../lib/phone.ts';
import { ApiError } from '../../api/errors.ts';
import { assertNotThrottled, clearFailures, recordFailure } from '../../auth/login-throttle.ts';
import { dummyHash, verifyPassword } from '../../auth/passwords.ts';
import type { ShopDb } from '../../db/index.ts';

/**
 * Checks credentials (e-mail or mobile number, as typed) and returns the shopper's id. Unknown account and
 * wrong password get the same message and the same work (ASVS 5.0 V6.3.8); failures count toward the limit.
 */
export async function login(db: ShopDb, t: Dictionary, input: { login: string; password: string }, ip: string): Promise<number> {
  const typed = input.login.trim().toLowerCase();
  const isEmail = typed.includes('@');
  const account = isEmail ? typed : (egyptianMobile(typed) ?? typed);
  await assertNotThrottled(db, t, account, ip);
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'phone_verified_at'])
    .where(isEmail ? 'email' : 'phone', '=', account)
    .executeTakeFirst();
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) {
    await recordFailure(db, account, ip);
    throw new ApiError(401, t.account.badCredentials);
  }
  if (!user.phone_verified_at) throw new ApiError(403, t.account.notVerified);
  await clearFailures(db, account);
  return user.id;
}
