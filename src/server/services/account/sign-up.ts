import type { Locale } from '#i18n/locales.ts';
import type { SignUpInput } from '#lib/schemas/account.ts';
import { sendCode } from '../../auth/otp.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { enforceLimits } from '../../auth/rate-limit.ts';
import { isoNow } from '../../auth/secrets.ts';
import type { ShopDb } from '../../db/index.ts';
import { isForeignKeyViolation } from '../../db/values.ts';
import { fieldProblem } from '../../problem.ts';
import { assertUnique, checkNewPassword, phoneOrFail, rethrowUniqueViolation } from './users.ts';

/**
 * Sign-up: an unverified account plus a code by SMS. An earlier unfinished sign-up with the same e-mail or
 * number is replaced (its owner never proved the number), a verified one is a 422 on that field.
 */
export async function signUp(db: ShopDb, locale: Locale, input: SignUpInput, ip: string): Promise<{ phone: string }> {
  const phone = phoneOrFail(input.phone);
  checkNewPassword(input.password, input.password_confirmation);
  // Limited before the slow hash and the SMS (issue 19): per address, per number and per e-mail.
  await enforceLimits(db, [
    ['signUpAddress', ip],
    ['signUpAccount', phone],
    ['signUpAccount', input.email.toLowerCase()],
  ]);
  await assertUnique(db, { email: input.email, phone });
  const passwordHash = await hashPassword(input.password);
  const now = isoNow();
  const user = await db
    .transaction()
    .execute(async (trx) => {
      await trx
        .deleteFrom('users')
        .where('phone_verified_at', 'is', null)
        .where((eb) => eb.or([eb('email', '=', input.email), eb('phone', '=', phone)]))
        .execute();
      return trx
        .insertInto('users')
        .values({
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          phone,
          password_hash: passwordHash,
          avatar: null,
          phone_verified_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    })
    .catch((error: unknown) => rethrowUniqueViolation(error));
  // A sign-up racing this one for the same e-mail or number may have replaced the unfinished account just made (it
  // deletes unverified ones): its code then has no account to belong to, and this request lost the race.
  await sendCode(db, locale, 'signup', phone, user.id).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) throw fieldProblem(422, 'account.emailTaken', 'email');
    throw error;
  });
  return { phone };
}
