import type { Locale } from '#i18n/locales.ts';
import type { ContactInput } from '#lib/schemas/contact.ts';
import type { ShopDb } from '../db/index.ts';

/** Stores a validated contact message; returns its id. */
export async function saveContactMessage(db: ShopDb, input: ContactInput, locale: Locale): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...input, locale, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
