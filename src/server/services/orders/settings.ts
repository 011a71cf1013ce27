import type { Locale } from '#i18n/locales.ts';
import type { DeliveryTermsView } from '#lib/orders/views.ts';
import type { ShopDb } from '../../db/index.ts';
import { localField } from '#i18n/localized.ts';

/** The free-delivery threshold in piastres from shop_settings; null when the setting is absent (never free). */
export async function freeDeliveryThreshold(db: ShopDb): Promise<number | null> {
  const row = await db
    .selectFrom('shop_settings')
    .select('value')
    .where('key', '=', 'free_delivery_threshold')
    .executeTakeFirst();
  const value = row ? Number(row.value) : NaN;
  return Number.isInteger(value) && value >= 0 ? value : null;
}

export interface DeliveryTerms {
  id: number;
  name: string;
  delivery_fee: number;
  delivery_days: number;
}

/** Every governorate's fee and estimate, with the free-delivery threshold (GET /delivery-terms, the cart page). */
export async function deliveryTerms(db: ShopDb, locale: Locale): Promise<DeliveryTermsView> {
  const rows = await db
    .selectFrom('governorates')
    .select(['id', 'name_en', 'name_ar', 'delivery_fee', 'delivery_days'])
    .orderBy('position')
    .execute();
  const governorates: DeliveryTerms[] = rows.map((g) => ({
    id: g.id,
    name: localField(locale, g, 'name'),
    delivery_fee: g.delivery_fee,
    delivery_days: g.delivery_days,
  }));
  return { free_delivery_threshold: await freeDeliveryThreshold(db), governorates };
}
