import { sql } from 'kysely';
import type { ShopDb } from '#server/db/index.ts';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { localField } from '#i18n/localized.ts';
import type { ReportPeriod } from '#lib/reports/report-period.ts';
import { zeros } from '#lib/reports/report-views.ts';
import { COD } from '#core/orders/server/confirmation.ts';
import { CONFIRMATION_CHANNELS, channelOfActor, type ConfirmationChannel } from '../../dashboard/confirmation-figures.ts';
import { bucketPercentile, type SnapshotRow } from '#lib/reports/report-views.ts';
import { unremittedDelivered } from '../../couriers/server/cash-outstanding.ts';
import { DELIVERY_FIGURES, type CashAgeFigure, type CodReport } from '../report-columns.ts';
import { bothPeriods, bothSums } from './report-sql.ts';
import { ranked } from './ranked.ts';
import { readySummaries } from '#core/reports/server/summary-catch-up.ts';

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

/**
 * Time to confirm: the confirmed COD orders placed in each period, per channel of their first confirmation, by the
 * bucket of minutes from the PLACED event to the first ACCEPT (report_confirm_days; confirmBucket: quarter hours up to
 * 48 hours, then whole hours); the median and the 90th percentile in hours are buckets' starts (nearest rank). The
 * first row is every channel together; a channel without orders shows 0 hours with 0 confirmed.
 */
async function confirmTimes(db: ShopDb, period: ReportPeriod, t: Dictionary) {
  const { first, split, last } = bothPeriods(period);
  const rows = await db
    .selectFrom('report_confirm_days')
    .where('day', '>=', first)
    .where('day', '<=', last)
    .select(['actor', 'minutes', ...bothSums(split, 'orders', 'orders')])
    .groupBy(['actor', 'minutes'])
    .execute();
  type Counts = Map<number, number>;
  const blank = () => ({ cur: new Map() as Counts, prev: new Map() as Counts });
  const all = blank();
  const by = new Map<ConfirmationChannel, ReturnType<typeof blank>>();
  const add = (into: Counts, minutes: number, n: number) => n && into.set(minutes, (into.get(minutes) ?? 0) + n);
  for (const row of rows) {
    const channel = channelOfActor(row.actor || null);
    const into = by.get(channel) ?? by.set(channel, blank()).get(channel)!;
    for (const h of [into, all]) {
      add(h.cur, Number(row.minutes), Number(row.cur_orders));
      add(h.prev, Number(row.minutes), Number(row.prev_orders));
    }
  }
  const hours = (counts: Counts, p: number) => (bucketPercentile(counts, p) ?? 0) / 60;
  const figures = (counts: Counts) => ({
    medianHours: hours(counts, 0.5),
    p90Hours: hours(counts, 0.9),
    confirmed: [...counts.values()].reduce((a, b) => a + b, 0),
  });
  const row = (key: string, name: string, h: ReturnType<typeof blank>) => ({
    key,
    name,
    current: figures(h.cur),
    previous: figures(h.prev),
  });
  const channels = CONFIRMATION_CHANNELS.filter((ch) => ch !== 'none' && (ch !== 'other' || by.has('other')));
  return [
    row('all', t.reports.cod.allChannels, all),
    ...channels.map((ch) => row(ch, t.adminCash.dashboard.confirmations.channels[ch], by.get(ch) ?? blank())),
  ];
}

const DAY_MS = 86_400_000;

/**
 * Cash still with couriers, now: the cash collected at the door of delivered orders that no remittance covers yet (as
 * the courier cash desk counts it: src/desk/couriers/server/cash-outstanding.ts, orders_courier_idx), per courier
 * company (a courier without one under its own name), by whole days since delivery (an order without a delivery time
 * counts as 15 days and more). Piastres; short remittances' differences are not by age and are left out.
 */
export async function cashByAge(db: ShopDb, now = new Date()): Promise<SnapshotRow<CashAgeFigure>[]> {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const rows = await unremittedDelivered(db)
    .innerJoin('couriers', 'couriers.id', 'orders.courier_id')
    .select([
      'couriers.company',
      'couriers.name',
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(orders.cash_to_collect)`.as('owed'),
      sql<number>`sum(case when orders.delivered_at > ${since(3)} then orders.cash_to_collect else 0 end)`.as('days0to2'),
      sql<number>`sum(case when orders.delivered_at > ${since(8)} and orders.delivered_at <= ${since(3)} then orders.cash_to_collect else 0 end)`.as(
        'days3to7',
      ),
      sql<number>`sum(case when orders.delivered_at > ${since(15)} and orders.delivered_at <= ${since(8)} then orders.cash_to_collect else 0 end)`.as(
        'days8to14',
      ),
    ])
    .groupBy(['couriers.company', 'couriers.name'])
    .execute();
  const out = new Map<string, SnapshotRow<CashAgeFigure>>();
  for (const r of rows) {
    const name = r.company || r.name;
    const into =
      out.get(name) ??
      out
        .set(name, {
          key: name,
          name,
          current: { owed: 0, days0to2: 0, days3to7: 0, days8to14: 0, days15plus: 0, orders: 0 },
        })
        .get(name)!;
    const c = into.current;
    c.orders += Number(r.orders);
    c.owed += Number(r.owed);
    c.days0to2 += Number(r.days0to2);
    c.days3to7 += Number(r.days3to7);
    c.days8to14 += Number(r.days8to14);
    c.days15plus += Number(r.owed) - Number(r.days0to2) - Number(r.days3to7) - Number(r.days8to14);
  }
  return [...out.values()].sort((a, b) => b.current.owed - a.current.owed || a.name.localeCompare(b.name));
}

export async function codReport(db: ShopDb, period: ReportPeriod, locale: Locale, t: Dictionary): Promise<CodReport> {
  await readySummaries(db);
  const [{ now, before }, governorates, couriers, courierNames, governorateNames, times, cash] = await Promise.all([
    confirmations(db, period),
    deliveries(db, period, 'governorate_id'),
    deliveries(db, period, 'courier_id'),
    db.selectFrom('couriers').select(['id', 'name', 'company']).execute(),
    db.selectFrom('governorates').select(['id', 'name_en', 'name_ar']).execute(),
    confirmTimes(db, period, t),
    cashByAge(db),
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
    confirmTimes: times,
    cashByAge: cash,
  };
}
