import type { ShopDb } from '#server/db/index.ts';
import type { ReportGrouping, ReportPeriod } from '#lib/reports/report-period.ts';
import { compareByBucket, type TimeReport } from '#lib/reports/report-views.ts';
import { SALES_FIGURES, type SalesFigure } from '../report-columns.ts';
import { bothPeriods, daySum } from './report-sql.ts';
import { readySummaries } from '#core/reports/server/summary-catch-up.ts';

/**
 * Sales (issue 53; definitions in docs/back-office.md › Reports), in piastres, over the orders placed in the period:
 * - gross: items at their list price (`subtotal`; a line its seller could not supply is already out of it);
 * - saleDiscounts: what sale prices took off; couponDiscounts: what coupons took off;
 * - refunds: what cancelled and returned orders gave back (their items after discounts: paid back if prepaid, never
 *   collected if cash on delivery);
 * - net: gross − saleDiscounts − couponDiscounts − refunds (the items of the orders that stand);
 * - deliveryFees: the delivery fees of the orders that stand (beside net, not in it).
 * Read from report_order_days (the placed orders' sums per Cairo day; src/core/reports/order-contribution.ts).
 */
export type SalesReport = TimeReport<SalesFigure>;

export async function salesReport(db: ShopDb, period: ReportPeriod, by: ReportGrouping): Promise<SalesReport> {
  await readySummaries(db);
  const { first, last } = bothPeriods(period);
  const rows = await db
    .selectFrom('report_order_days')
    .where('day', '>=', first)
    .where('day', '<=', last)
    .select([
      'day',
      daySum('placed', 'orders'),
      daySum('gross', 'gross'),
      daySum('sale_discounts', 'saleDiscounts'),
      daySum('coupon_discounts', 'couponDiscounts'),
      daySum('refunds', 'refunds'),
      daySum('net', 'net'),
      daySum('delivery_fees', 'deliveryFees'),
    ])
    .groupBy('day')
    .execute();
  return compareByBucket(rows, SALES_FIGURES, period, by);
}
