import type { ShopDb } from '#server/db/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { defaultPeriod, isGrouping, readReportPeriod, type ReportGrouping } from '#lib/reports/report-period.ts';
import { sellerReport } from './seller-report.ts';

/** The seller's reports page's request (issue 53): period (a refused one falls back, with its reason), grouping, view. */
export async function loadSellerReport(db: ShopDb, sellerId: number, params: URLSearchParams, locale: Locale) {
  const by: ReportGrouping = isGrouping(params.get('by')) ? (params.get('by') as ReportGrouping) : 'day';
  const view: 'chart' | 'table' = params.get('view') === 'table' ? 'table' : 'chart';
  const read = readReportPeriod(params.get('from'), params.get('to'));
  const period = 'period' in read ? read.period : defaultPeriod();
  const error = 'error' in read ? { code: read.error, field: read.field } : null;
  return { by, view, error, report: await sellerReport(db, sellerId, period, by, locale) };
}
