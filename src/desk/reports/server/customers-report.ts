import type { ShopDb } from '#server/db/index.ts';
import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { localField } from '#i18n/localized.ts';
import type { ReportPeriod } from '#lib/reports/report-period.ts';
import type { RankedRow } from '#lib/reports/report-views.ts';
import type { CustomersReport, RegionFigure, ShopperFigure } from '../report-columns.ts';
import { bothPeriods, bothSums } from './report-sql.ts';
import { readySummaries } from '#core/reports/server/summary-catch-up.ts';

/**
 * Customers (issue 53), over the orders placed in the period (report_customer_days, kept with the other summaries):
 * a shopper is new when the order is their first placed one (no placed order with a smaller id), returning
 * otherwise — so the new shoppers' orders are the number of new shoppers. Net sales as the sales report's (items after
 * discounts, nothing for a cancelled order); the average order is net ÷ the orders that stand (not cancelled), to the
 * piastre. By governorate: the same, with its new shoppers.
 */
type Sums = { orders: number; standing: number; net: number };
const average = (s: Sums) => (s.standing ? Math.round(s.net / s.standing) : 0);
const shopperFigures = (s: Sums): Record<ShopperFigure, number> => ({
  orders: s.orders,
  net: s.net,
  averageOrder: average(s),
});

export async function customersReport(db: ShopDb, period: ReportPeriod, locale: Locale, t: Dictionary): Promise<CustomersReport> {
  await readySummaries(db);
  const { first, split, last } = bothPeriods(period);
  const [rows, names] = await Promise.all([
    db
      .selectFrom('report_customer_days')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .select([
        'governorate_id',
        'returning',
        ...bothSums(split, 'orders', 'orders'),
        ...bothSums(split, 'standing', 'standing'),
        ...bothSums(split, 'net', 'net'),
      ])
      .groupBy(['governorate_id', 'returning'])
      .execute(),
    db.selectFrom('governorates').select(['id', 'name_en', 'name_ar']).execute(),
  ]);
  const zero = (): Sums => ({ orders: 0, standing: 0, net: 0 });
  const add = (into: Sums, r: Record<string, unknown>, which: 'cur' | 'prev') => {
    into.orders += Number(r[`${which}_orders`]);
    into.standing += Number(r[`${which}_standing`]);
    into.net += Number(r[`${which}_net`]);
  };
  const kinds = {
    new: { cur: zero(), prev: zero() },
    returning: { cur: zero(), prev: zero() },
    all: { cur: zero(), prev: zero() },
  };
  const regions = new Map<number, { cur: Sums; prev: Sums; newCur: number; newPrev: number }>();
  for (const r of rows) {
    const kind = Number(r.returning) ? kinds.returning : kinds.new;
    const region =
      regions.get(r.governorate_id) ??
      regions.set(r.governorate_id, { cur: zero(), prev: zero(), newCur: 0, newPrev: 0 }).get(r.governorate_id)!;
    for (const which of ['cur', 'prev'] as const) {
      add(kind[which], r, which);
      add(kinds.all[which], r, which);
      add(region[which], r, which);
    }
    if (!Number(r.returning)) {
      region.newCur += Number(r.cur_orders);
      region.newPrev += Number(r.prev_orders);
    }
  }
  const governorate = new Map(names.map((g) => [g.id, localField(locale, g, 'name')]));
  const c = t.reports.customers;
  const shoppers: RankedRow<ShopperFigure>[] = (['new', 'returning', 'all'] as const).map((key) => ({
    key,
    name: c[`${key}Shoppers`],
    current: shopperFigures(kinds[key].cur),
    previous: shopperFigures(kinds[key].prev),
  }));
  const governorates: RankedRow<RegionFigure>[] = [...regions.entries()]
    .filter(([, g]) => g.cur.orders + g.prev.orders > 0)
    .map(([id, g]) => ({
      key: String(id),
      name: governorate.get(id) ?? '—',
      current: { ...shopperFigures(g.cur), newShoppers: g.newCur },
      previous: { ...shopperFigures(g.prev), newShoppers: g.newPrev },
    }))
    .sort((a, b) => b.current.orders - a.current.orders || b.previous.orders - a.previous.orders);
  return { period, shoppers, governorates };
}
