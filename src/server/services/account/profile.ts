import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dictionary } from '../../../i18n/en.ts';
import type { ProfileInput } from '../../../lib/schemas/account.ts';
import { ApiError } from '../../api/errors.ts';
import { consumeCode, sendCode } from '../../auth/otp.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeOtherSessions } from '../../auth/refresh-tokens.ts';
import { isoNow } from '../../auth/secrets.ts';
import type { ShopDb } from '../../db/index.ts';
import { checkUpload } from '../../uploads/check.ts';
import { storeUpload, uploadsDir } from '../../uploads/store.ts';
import { assertUnique, checkNewPassword, phoneOrFail, publicUser, rethrowUniqueViolation, userOrFail } from './users.ts';

export const avatarsDir = (): string => join(uploadsDir(), 'avatars');

/** A profile photo: jpg or png by content, up to 5 MB (same checks as the partner uploads). */
async function checkedPhoto(t: Dictionary, file: File) {
  const checked = await checkUpload(file);
  if (checked === 'tooLarge') throw new ApiError(422, t.account.photoTooLarge, { avatar: [t.account.photoTooLarge] });
  if (typeof checked === 'string' || checked.type.ext === 'pdf') {
    throw new ApiError(422, t.account.photoBadType, { avatar: [t.account.photoBadType] });
  }
  return checked;
}

/**
 * POST /auth/updateProfile: only the fields sent change. A new mobile number is not applied here: a code goes
 * to it and /auth/verify-phone applies it. A new password needs the current one and ends the shopper's other
 * sessions (this one stays).
 */
export async function updateProfile(
  db: ShopDb,
  t: Dictionary,
  userId: number,
  sessionId: string | undefined,
  input: ProfileInput,
  photo: File | undefined,
) {
  const user = await userOrFail(db, t, userId);
  const newPhone = input.phone ? phoneOrFail(t, input.phone) : undefined;
  const changingPhone = newPhone !== undefined && newPhone !== user.phone;
  await assertUnique(db, t, { email: input.email, phone: changingPhone ? newPhone : undefined }, userId);
  let passwordHash: string | undefined;
  if (input.password) {
    if (!input.current_password) {
      throw new ApiError(422, t.account.currentPasswordRequired, { current_password: [t.account.currentPasswordRequired] });
    }
    if (!(await verifyPassword(input.current_password, user.password_hash))) {
      throw new ApiError(422, t.account.wrongCurrentPassword, { current_password: [t.account.wrongCurrentPassword] });
    }
    checkNewPassword(t, input.password, input.password_confirmation);
    passwordHash = await hashPassword(input.password);
  }
  const checkedFile = photo ? await checkedPhoto(t, photo) : undefined;
  const stored = checkedFile ? await storeUpload(checkedFile.bytes, checkedFile.type, avatarsDir()) : undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          ...(input.first_name ? { first_name: input.first_name } : {}),
          ...(input.last_name ? { last_name: input.last_name } : {}),
          ...(input.email ? { email: input.email } : {}),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          ...(stored ? { avatar: stored.storedName } : {}),
          updated_at: isoNow(),
        })
        .where('id', '=', userId)
        .execute();
      if (passwordHash) await revokeOtherSessions(trx, userId, sessionId);
    })
    .catch((error: unknown) => rethrowUniqueViolation(t, error));
  if (stored && user.avatar) await unlink(join(avatarsDir(), user.avatar)).catch(() => undefined);
  if (changingPhone) await sendCode(db, t, 'phone_change', newPhone, userId);
  const message = changingPhone
    ? t.account.phoneChangePending
    : passwordHash
      ? t.account.passwordChanged
      : t.account.profileSaved;
  return { user: publicUser(await userOrFail(db, t, userId)), pendingPhone: changingPhone ? newPhone : null, message };
}

/** POST /auth/verify-phone: the code sent to the new number applies it. */
export async function confirmNewPhone(db: ShopDb, t: Dictionary, userId: number, code: string) {
  const pending = await db
    .selectFrom('otp_codes')
    .select('phone')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'phone_change')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!pending) throw new ApiError(422, t.account.noPendingPhone);
  await consumeCode(db, t, 'phone_change', pending.phone, code);
  await assertUnique(db, t, { phone: pending.phone }, userId);
  await db
    .transaction()
    .execute(async (trx) => {
      // An abandoned unverified sign-up holding the number gives way.
      await trx.deleteFrom('users').where('phone', '=', pending.phone).where('phone_verified_at', 'is', null).execute();
      await trx.updateTable('users').set({ phone: pending.phone, updated_at: isoNow() }).where('id', '=', userId).execute();
    })
    .catch((error: unknown) => rethrowUniqueViolation(t, error));
  return publicUser(await userOrFail(db, t, userId));
}
