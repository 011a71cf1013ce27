import Papa from 'papaparse';
import type { Dictionary } from '#i18n/en.ts';
import { formatAddress, formatOrderId } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { localized } from '#i18n/localized.ts';
import { cairoDayEnd, cairoDayStart } from '#lib/cairo-day.ts';
import type { ManifestLine } from '../courier-delivery-views.ts';
import { poundsText } from '#lib/money.ts';
import type { ShopDb } from '#server/db/index.ts';

/**
 * A courier's daily manifest (issue 38): for a courier or a company without an API, the orders handed to them on a
 * Cairo day (the order's move to WITH_COURIER that day) with the receiver, the address and the cash to collect, as a
 * printable page and a CSV that both sides sign off on.
 */
export async function courierManifest(db: ShopDb, courierId: number, day: string): Promise<ManifestLine[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'users.first_name',
      'users.last_name',
      'users.phone',
      'orders.address_street',
      'orders.address_area',
      'orders.address_city',
      'orders.governorate_en',
      'orders.governorate_ar',
      'orders.cash_to_collect',
    ])
    .where('orders.courier_id', '=', courierId)
    .where('orders.status', 'in', ['WITH_COURIER', 'DELIVERED'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_events')
          .select('order_events.id')
          .whereRef('order_events.order_id', '=', 'orders.id')
          .where('order_events.status', '=', 'WITH_COURIER')
          .where('order_events.created_at', '>=', cairoDayStart(day))
          .where('order_events.created_at', '<', cairoDayEnd(day)),
      ),
    )
    .orderBy('orders.id')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    orderId: r.id,
    receiver: `${r.first_name} ${r.last_name}`.trim(),
    phone: r.phone,
    street: r.address_street,
    area: r.address_area,
    city: r.address_city,
    governorate: { en: r.governorate_en, ar: r.governorate_ar },
    cashToCollect: r.cash_to_collect,
  }));
}

/** The manifest as CSV in the reader's language (a byte-order mark first, so Excel reads the Arabic as UTF-8). */
export function manifestCsv(lines: readonly ManifestLine[], t: Dictionary, locale: Locale): string {
  const m = t.couriers.manifest;
  const rows = lines.map((l) => [
    formatOrderId(l.orderId),
    l.receiver,
    l.phone,
    formatAddress([l.street, l.area, l.city], locale),
    localized(locale, l.governorate),
    poundsText(l.cashToCollect),
  ]);
  return `\uFEFF${Papa.unparse({ fields: [m.order, m.receiver, m.phone, m.address, m.governorate, m.cash], data: rows })}\r\n`;
}
