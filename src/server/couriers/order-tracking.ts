import type { CourierStep } from '#lib/couriers/courier-steps.ts';
import type { OrderView } from '#lib/orders/views.ts';
import type { ShopDb } from '../db/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { dictionary } from '#i18n/t.ts';
import { courierCompanies } from './companies.ts';
import type { CourierCompanyName } from './courier-company.ts';

/**
 * What the shopper sees of their orders' deliveries (issue 38): the company, the tracking number, its tracking link
 * and the courier's step, for orders with an open delivery that has a tracking number. The company is named in the
 * reader's language («بوسطة», not "Bosta", on an Arabic page).
 */
export async function orderTracking(
  db: ShopDb,
  orderIds: readonly number[],
  locale: Locale,
): Promise<Map<number, NonNullable<OrderView['tracking']>>> {
  const found = new Map<number, NonNullable<OrderView['tracking']>>();
  if (!orderIds.length) return found;
  const rows = await db
    .selectFrom('courier_deliveries')
    .select(['order_id', 'company', 'tracking_number', 'step'])
    .where('order_id', 'in', orderIds)
    .where('open', '=', 1)
    .where('tracking_number', 'is not', null)
    .execute();
  if (!rows.length) return found;
  const companies = courierCompanies(db);
  for (const row of rows) {
    const company = companies.get(row.company as CourierCompanyName);
    if (!company || !row.tracking_number) continue;
    found.set(row.order_id, {
      company: dictionary(locale).couriers.desk.companies[company.name],
      number: row.tracking_number,
      link: company.trackingLink(row.tracking_number),
      step: row.step as CourierStep,
    });
  }
  return found;
}
