import { CONSENT_WORDING_VERSION } from '#lib/messaging/replies.ts';
import type { ShopDb } from '../db/index.ts';
import { nowIso } from '../db/values.ts';

/**
 * Consent to order messages (issue 37, Egypt's data protection law 151/2020): given with the checkout's checkbox
 * (its wording's version, the time, the phone), withdrawn by a STOP/إلغاء reply. Nothing the shop starts goes to a
 * phone without it; the polite answer to a shopper's own message is an answer, not a start.
 */
export async function grantConsent(trx: ShopDb, consent: { userId: number; phone: string }): Promise<void> {
  const now = nowIso();
  await trx
    .insertInto('message_consents')
    .values({
      phone: consent.phone,
      user_id: consent.userId,
      wording_version: CONSENT_WORDING_VERSION,
      granted_at: now,
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc
        .column('phone')
        .doUpdateSet({ user_id: consent.userId, wording_version: CONSENT_WORDING_VERSION, granted_at: now, revoked_at: null }),
    )
    .execute();
}

/** The shopper replied STOP: no more messages to this phone until they opt in again at a checkout. */
export async function withdrawConsent(trx: ShopDb, phone: string): Promise<boolean> {
  const changed = await trx
    .updateTable('message_consents')
    .set({ revoked_at: nowIso() })
    .where('phone', '=', phone)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) > 0;
}

export async function hasConsent(db: ShopDb, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('message_consents')
    .select('id')
    .where('phone', '=', phone)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
