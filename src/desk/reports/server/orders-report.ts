import type { ShopDb } from '#server/db/index.ts';
import type { ReportGrouping, ReportPeriod } from '#lib/reports/report-period.ts';
import { compareByBucket, type TimeReport } from '#lib/reports/report-views.ts';
import { ORDER_FIGURES, type OrderFigure } from '../report-columns.ts';
import { bothPeriods, daySum } from './report-sql.ts';
import { readySummaries } from '#core/reports/server/summary-catch-up.ts';

/**
 * The orders' funnel (issue 53), over the orders placed in the period, each counted by how far it has come by now:
 * placed ⊇ confirmed ⊇ shipped ⊇ delivered; every placed order is exactly one of delivered, cancelled (before a
 * courier had it), returned (cancelled after a hand-over) or open (still on its way), so those four add up to placed.
 * Read from report_order_days (src/core/reports/order-contribution.ts counts each order).
 */
export type OrdersReport = TimeReport<OrderFigure>;

export async function ordersReport(db: ShopDb, period: ReportPeriod, by: ReportGrouping): Promise<OrdersReport> {
  await readySummaries(db);
  const { first, last } = bothPeriods(period);
  const rows = await db
    .selectFrom('report_order_days')
    .where('day', '>=', first)
    .where('day', '<=', last)
    .select(['day', ...ORDER_FIGURES.map((f) => daySum(f, f))])
    .groupBy('day')
    .execute();
  return compareByBucket(rows, ORDER_FIGURES, period, by);
}
