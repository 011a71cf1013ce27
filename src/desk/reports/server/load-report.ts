import type { ShopDb } from '#server/db/index.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Dictionary } from '#i18n/en.ts';
import { defaultPeriod, isGrouping, readReportPeriod } from '#lib/reports/report-period.ts';
import { isDeskReport } from '../report-columns.ts';
import type { DeskReportPage } from '../report-page.ts';
import { salesReport } from './sales-report.ts';
import { ordersReport } from './orders-report.ts';
import { paymentsReport } from './payments-report.ts';
import { catalogReport } from './catalog-report.ts';
import { codReport } from './cod-report.ts';
import { customersReport } from './customers-report.ts';

/**
 * The reports page's request (issue 53): which report, the period (a refused one falls back to the last 30 days,
 * with the reason shown beside the form), the grouping and the view; then the one report asked for.
 */
export async function loadDeskReport(
  db: ShopDb,
  params: URLSearchParams,
  locale: Locale,
  t: Dictionary,
): Promise<DeskReportPage> {
  const asked = params.get('report');
  const report = isDeskReport(asked) ? asked : 'sales';
  const by = isGrouping(params.get('by')) ? (params.get('by') as 'day' | 'week' | 'month') : 'day';
  const view = params.get('view') === 'table' ? 'table' : 'chart';
  const read = readReportPeriod(params.get('from'), params.get('to'));
  const period = 'period' in read ? read.period : defaultPeriod();
  const error = 'error' in read ? { code: read.error, field: read.field } : null;
  const base = { period, by, view, error } as const;
  switch (report) {
    case 'sales':
      return { ...base, report, data: await salesReport(db, period, by) };
    case 'orders':
      return { ...base, report, data: await ordersReport(db, period, by) };
    case 'cod':
      return { ...base, report, data: await codReport(db, period, locale, t) };
    case 'payments':
      return { ...base, report, data: await paymentsReport(db, period, locale) };
    case 'catalog':
      return { ...base, report, data: await catalogReport(db, period, locale) };
    case 'customers':
      return { ...base, report, data: await customersReport(db, period, locale, t) };
  }
}
