import type { Dictionary } from '../../../i18n/en.ts';
import { consumeCode } from '../../auth/otp.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeOtherSessions } from '../../auth/refresh-tokens.ts';
import { isoNow } from '../../auth/secrets.ts';
import type { ShopDb } from '../../db/index.ts';
import { checkNewPassword, phoneOrFail } from './users.ts';

/** Forgot password: the code proves the phone; the new password replaces the old and every session ends. */
export async function resetPassword(
  db: ShopDb,
  t: Dictionary,
  input: { phone: string; code: string; password: string; password_confirmation: string },
): Promise<void> {
  const phone = phoneOrFail(t, input.phone);
  checkNewPassword(t, input.password, input.password_confirmation);
  const hash = await hashPassword(input.password);
  const { userId } = await consumeCode(db, t, 'reset', phone, input.code);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: isoNow() }).where('id', '=', userId).execute();
    await revokeOtherSessions(trx, userId);
  });
  await db.deleteFrom('login_failures').where('scope', '=', 'account').where('subject', '=', phone).execute();
}
