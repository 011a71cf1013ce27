import { sql } from 'kysely';
import type { ShopDb } from '#server/db/index.ts';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { localField } from '#i18n/localized.ts';
import type { ReportPeriod } from '#lib/reports/report-period.ts';
import { zeros } from '#lib/reports/report-views.ts';
import { COD } from '#core/orders/server/confirmation.ts';
import { CONFIRMATION_CHANNELS, channelOfActor, type ConfirmationChannel } from '../../dashboard/confirmation-figures.ts';
import { DELIVERY_FIGURES, type CodReport } from '../report-columns.ts';
import { bothPeriods, bothSums } from './report-sql.ts';
import { ranked } from './ranked.ts';

/**
 * Cash on delivery (issue 53), over the COD orders placed in the period: how they were confirmed (the channel of the
 * first confirmation, as the confirmation desk's figures name it: channelOfActor; report_order_days), and, of
 * those handed to a
 * courier, delivered, failed attempts at the door and returned, by governorate and by courier (a courier company's
 * row names its company); the deliveries from report_delivery_days (src/core/reports/order-contribution.ts).
 */
async function deliveries(db: ShopDb, period: ReportPeriod, by: 'governorate_id' | 'courier_id') {
  const { first, split, last } = bothPeriods(period);
  const rows = await db
    .selectFrom('report_delivery_days')
    .where('day', '>=', first)
    .where('day', '<=', last)
    .select([
      sql<number>`${sql.ref(by)}`.as('key'),
      ...bothSums(split, 'shipped', 'shipped'),
      ...bothSums(split, 'delivered', 'delivered'),
      ...bothSums(split, 'failed_attempts', 'failedAttempts'),
      ...bothSums(split, 'returned', 'returned'),
    ])
    .groupBy(by)
    .execute();
  return rows.filter((r) => Number(r.cur_shipped) + Number(r.prev_shipped) > 0);
}

/** COD orders placed in each period by the channel that confirmed them ('none': not yet). */
async function confirmations(db: ShopDb, period: ReportPeriod) {
  const { first, split, last } = bothPeriods(period);
  const rows = await db
    .selectFrom('report_order_days')
    .where('day', '>=', first)
    .where('day', '<=', last)
    .where('payment_method', '=', COD)
    .select(['actor', ...bothSums(split, 'placed', 'orders')])
    .groupBy('actor')
    .execute();
  const count = (which: 'cur_orders' | 'prev_orders') => {
    const by = Object.fromEntries(CONFIRMATION_CHANNELS.map((c) => [c, 0])) as Record<ConfirmationChannel, number>;
    for (const row of rows) by[channelOfActor(row.actor || null)] += Number(row[which]);
    return by;
  };
  return { now: count('cur_orders'), before: count('prev_orders') };
}

export async function codReport(db: ShopDb, period: ReportPeriod, locale: Locale, t: Dictionary): Promise<CodReport> {
  const [{ now, before }, governorates, couriers, courierNames, governorateNames] = await Promise.all([
    confirmations(db, period),
    deliveries(db, period, 'governorate_id'),
    deliveries(db, period, 'courier_id'),
    db.selectFrom('couriers').select(['id', 'name', 'company']).execute(),
    db.selectFrom('governorates').select(['id', 'name_en', 'name_ar']).execute(),
  ]);
  const governorate = new Map(governorateNames.map((g) => [g.id, localField(locale, g, 'name')]));
  const sum = (by: Record<ConfirmationChannel, number>) => Object.values(by).reduce((a, b) => a + b, 0);
  const channels = CONFIRMATION_CHANNELS.filter((ch) => ch !== 'other' || now.other + before.other > 0).map((ch) => {
    const current = zeros(['orders'] as const);
    const previous = zeros(['orders'] as const);
    current.orders = now[ch];
    previous.orders = before[ch];
    return { key: ch, name: t.adminCash.dashboard.confirmations.channels[ch], current, previous };
  });
  const courier = new Map(courierNames.map((c) => [c.id, c.company ? `${c.name} (${c.company})` : c.name]));
  return {
    period,
    placed: { current: sum(now), previous: sum(before) },
    channels,
    governorates: ranked(
      governorates,
      DELIVERY_FIGURES,
      (r) => String(r['key']),
      (r) => governorate.get(Number(r['key'])) ?? '—',
    ),
    couriers: ranked(
      couriers,
      DELIVERY_FIGURES,
      (r) => String(r['key']),
      (r) => courier.get(Number(r['key'])) ?? '—',
    ),
  };
}
