import type { Locale } from '#i18n/locales.ts';
import { dictionary, interpolate, isolate } from '#i18n/t.ts';
import { fieldProblem, Problem } from '../problem.ts';
import type { ShopDb } from '../db/index.ts';
import { isoIn, isoNow, sha256, sixDigitCode } from './secrets.ts';
import { smsSender } from './sms/sender.ts';
import { SmsDeliveryError } from './sms/sms-sender.ts';

/** Spec/issue 9: 6 digits, valid 10 minutes, 5 attempts, a new one after a cool-down. */
export const CODE_TTL_SECONDS = 600;
export const CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;

export type CodePurpose = 'signup' | 'reset' | 'phone_change';

const hashCode = (purpose: CodePurpose, phone: string, code: string) => sha256(`${purpose}:${phone}:${code}`);

/**
 * The text message itself, in the shopper's language (content, not a refusal): the brand first, so an Arabic SMS
 * starts with an Arabic letter and the phone lays it out right to left; the code isolated (issue 51).
 */
export const smsText = (locale: Locale, code: string): string => {
  const t = dictionary(locale);
  return interpolate(t.messaging.smsCode, { brand: t.site.name, code: isolate(code) });
};

/**
 * Sends a fresh code (the previous one for the same number and purpose dies). Within the cool-down of a
 * delivered code: 429 with Retry-After. If the SMS fails the code row stays undelivered, so the shopper may
 * retry at once and nothing they entered is lost: 503 with a clear message.
 */
export async function sendCode(db: ShopDb, locale: Locale, purpose: CodePurpose, phone: string, userId: number) {
  const last = await db
    .selectFrom('otp_codes')
    .select(['sent_at', 'delivered'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (last?.delivered) {
    const wait = RESEND_COOLDOWN_SECONDS - (Date.now() - Date.parse(last.sent_at)) / 1000;
    if (wait > 0) throw new Problem(429, 'account.resendWait', { values: { count: Math.ceil(wait) }, retryAfter: wait });
  }
  const code = sixDigitCode();
  const row = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('otp_codes').where('phone', '=', phone).where('purpose', '=', purpose).execute();
    return trx
      .insertInto('otp_codes')
      .values({
        purpose,
        phone,
        user_id: userId,
        code_hash: hashCode(purpose, phone, code),
        expires_at: isoIn(CODE_TTL_SECONDS),
        sent_at: isoNow(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  try {
    await smsSender(db).send(phone, smsText(locale, code));
  } catch (error) {
    if (!(error instanceof SmsDeliveryError)) throw error;
    throw new Problem(503, 'account.smsFailed', { retryAfter: 30 });
  }
  await db.updateTable('otp_codes').set({ delivered: 1 }).where('id', '=', row.id).execute();
}

/**
 * Checks a code and consumes it; returns the user it was issued for. Wrong: 'Invalid Code' (422) and one
 * attempt used; expired or out of attempts: the shopper must ask for a new one.
 */
export async function consumeCode(db: ShopDb, purpose: CodePurpose, phone: string, code: string) {
  const row = await db
    .selectFrom('otp_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw fieldProblem(422, 'account.invalidCode', 'code');
  if (Date.parse(row.expires_at) <= Date.now()) throw fieldProblem(422, 'account.codeExpired', 'code');
  if (row.attempts >= CODE_ATTEMPTS) throw fieldProblem(429, 'account.tooManyAttempts', 'code');
  if (row.code_hash !== hashCode(purpose, phone, code)) {
    // Counted atomically, so parallel guesses cannot exceed the limit.
    await db
      .updateTable('otp_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    throw fieldProblem(422, 'account.invalidCode', 'code');
  }
  const deleted = await db
    .deleteFrom('otp_codes')
    .where('id', '=', row.id)
    .where('attempts', '<', CODE_ATTEMPTS)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw fieldProblem(422, 'account.invalidCode', 'code');
  return { userId: row.user_id };
}
