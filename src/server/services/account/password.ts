import { consumeCode } from '../../auth/otp.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { clearSlots, enforceLimits } from '../../auth/rate-limit.ts';
import { loginSubject } from './login.ts';
import { revokeOtherSessions } from '../../auth/refresh-tokens.ts';
import { isoNow } from '../../auth/secrets.ts';
import type { ShopDb } from '../../db/index.ts';
import { checkNewPassword, phoneOrFail } from './users.ts';

/** Forgot password: the code proves the phone; the new password replaces the old and every session ends. */
export async function resetPassword(
  db: ShopDb,
  input: { phone: string; code: string; password: string; password_confirmation: string },
  ip: string,
): Promise<void> {
  const phone = phoneOrFail(input.phone);
  checkNewPassword(input.password, input.password_confirmation);
  await enforceLimits(db, [
    ['resetAddress', ip],
    ['resetPhone', phone],
  ]);
  // The slow hash only once the code is proven: a stranger with wrong codes costs a lookup, not 19 MiB of argon2.
  const { userId } = await consumeCode(db, 'reset', phone, input.code);
  const hash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: isoNow() }).where('id', '=', userId).execute();
    await revokeOtherSessions(trx, userId);
  });
  await clearSlots(db, 'loginAccount', loginSubject(userId, phone));
}
