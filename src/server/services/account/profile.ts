import type { Locale } from '#i18n/locales.ts';
import type { ProfileInput } from '#lib/schemas/account.ts';
import { fieldProblem, Problem } from '../../problem.ts';
import { consumeCode, sendCode } from '../../auth/otp.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeOtherSessions } from '../../auth/refresh-tokens.ts';
import { isoNow } from '../../auth/secrets.ts';
import type { ShopDb } from '../../db/index.ts';
import { checkUpload } from '../../uploads/check.ts';
import { discardUploads, storeUpload } from '../../uploads/store.ts';
import { uploadStore } from '../../uploads/upload-store.ts';
import { assertUnique, checkNewPassword, phoneOrFail, publicUser, rethrowUniqueViolation, userOrFail } from './users.ts';

/** Profile photos' folder in the store of uploads (src/server/uploads/object-store.ts): public, served by /api/avatars. */
export const AVATARS_FOLDER = 'avatars/';

/** A profile photo: jpg or png by content, up to 5 MB (same checks as the partner uploads). */
async function checkedPhoto(file: File) {
  const checked = await checkUpload(file);
  if (checked === 'tooLarge') throw fieldProblem(422, 'account.photoTooLarge', 'avatar');
  if (typeof checked === 'string' || checked.type.ext === 'pdf') throw fieldProblem(422, 'account.photoBadType', 'avatar');
  return checked;
}

/**
 * POST /auth/updateProfile: only the fields sent change. A new mobile number is not applied here: a code goes
 * to it and /auth/verify-phone applies it. A new password needs the current one and ends the shopper's other
 * sessions (this one stays).
 */
export async function updateProfile(
  db: ShopDb,
  locale: Locale,
  userId: number,
  sessionId: string,
  input: ProfileInput,
  photo: File | undefined,
) {
  const user = await userOrFail(db, userId);
  const newPhone = input.phone ? phoneOrFail(input.phone) : undefined;
  const changingPhone = newPhone !== undefined && newPhone !== user.phone;
  await assertUnique(db, { email: input.email, phone: changingPhone ? newPhone : undefined }, userId);
  let passwordHash: string | undefined;
  if (input.password) {
    if (!input.current_password) throw fieldProblem(422, 'account.currentPasswordRequired', 'current_password');
    if (!(await verifyPassword(input.current_password, user.password_hash)))
      throw fieldProblem(422, 'account.wrongCurrentPassword', 'current_password');
    checkNewPassword(input.password, input.password_confirmation);
    passwordHash = await hashPassword(input.password);
  }
  const checkedFile = photo ? await checkedPhoto(photo) : undefined;
  const stored = checkedFile
    ? await storeUpload(checkedFile.bytes, checkedFile.type, { folder: AVATARS_FOLDER, access: 'public' })
    : undefined;
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
    .catch(async (error: unknown) => {
      // The row kept its photo: the new one, named by nobody, goes again.
      if (stored) await discardUploads([stored]);
      return rethrowUniqueViolation(error);
    });
  if (stored && user.avatar)
    await uploadStore()
      .delete(`${AVATARS_FOLDER}${user.avatar}`)
      .catch(() => undefined);
  if (changingPhone) await sendCode(db, locale, 'phone_change', newPhone, userId);
  // What happened, for the route to say in the shopper's language.
  const outcome = changingPhone ? 'phoneChangePending' : passwordHash ? 'passwordChanged' : 'profileSaved';
  return { user: publicUser(await userOrFail(db, userId)), pendingPhone: changingPhone ? newPhone : null, outcome } as const;
}

/** POST /auth/verify-phone: the code sent to the new number applies it. */
export async function confirmNewPhone(db: ShopDb, userId: number, code: string) {
  const pending = await db
    .selectFrom('otp_codes')
    .select('phone')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'phone_change')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!pending) throw new Problem(422, 'account.noPendingPhone');
  await consumeCode(db, 'phone_change', pending.phone, code);
  await assertUnique(db, { phone: pending.phone }, userId);
  await db
    .transaction()
    .execute(async (trx) => {
      // An abandoned unverified sign-up holding the number gives way.
      await trx.deleteFrom('users').where('phone', '=', pending.phone).where('phone_verified_at', 'is', null).execute();
      await trx.updateTable('users').set({ phone: pending.phone, updated_at: isoNow() }).where('id', '=', userId).execute();
    })
    .catch((error: unknown) => rethrowUniqueViolation(error));
  return publicUser(await userOrFail(db, userId));
}
