import type { Locale } from '#i18n/locales.ts';
import type { ShopDb } from '../db/index.ts';

/** Subscribes an already-normalised e-mail; false when it is subscribed already. */
export async function subscribe(db: ShopDb, email: string, locale: Locale): Promise<boolean> {
  const result = await db
    .insertInto('newsletter_subscribers')
    .values({ email, locale, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
