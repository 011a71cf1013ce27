import type { Locale } from '#i18n/locales.ts';
import type { SavedAddress } from '#lib/orders/views.ts';
import type { ShopDb } from '../../db/index.ts';
import { localized } from '#i18n/localized.ts';

/**
 * The shopper's saved addresses with their governorate's delivery terms, for the checkout's address step. The
 * address book API (accounts issue) owns editing; this read only serves checkout.
 */
export async function checkoutAddresses(db: ShopDb, userId: number, locale: Locale): Promise<SavedAddress[]> {
  const rows = await db
    .selectFrom('addresses as a')
    .innerJoin('governorates as g', 'g.id', 'a.governorate_id')
    .select([
      'a.id',
      'a.title',
      'a.city',
      'a.area',
      'a.street',
      'a.details',
      'a.is_primary',
      'a.governorate_id',
      'g.name_en',
      'g.name_ar',
      'g.delivery_fee',
      'g.delivery_days',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.is_primary', 'desc')
    .orderBy('a.id')
    .execute();
  return rows.map(({ name_en, name_ar, ...a }) => ({ ...a, governorate: localized(locale, { en: name_en, ar: name_ar }) }));
}
