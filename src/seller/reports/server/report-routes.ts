import { Hono } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { csvHeaders, reportRequest } from '#server/api/report-query.ts';
import { okOrCsv, refused } from '#server/api/openapi/describe.ts';
import { SellerReport } from '#server/api/openapi/report-answers.ts';
import { ReportQuerySchema } from '#lib/schemas/reports.ts';
import { rankedCsv, sectionsCsv, timeReportCsv } from '#lib/reports/report-csv.ts';
import { requireSeller } from '../../accounts/server/require-seller.ts';
import { sellerDocumenter } from '../../portal/server/seller-docs.ts';
import { productColumns, sellerColumns } from '../seller-report-columns.ts';
import { sellerReport } from './seller-report.ts';

const documented = sellerDocumenter('Seller reports');

/**
 * The seller's own report (issue 53) under /api/seller/reports: its sales, units, returns, commission, earnings and
 * payouts over a period beside the previous one, and its top products; the seller is the session's, never the
 * address's. JSON, or with format=csv the same numbers as a CSV file.
 */
export const sellerReportRoutes = new Hono<ApiEnv>().get(
  '/reports/sales',
  documented('Your sales, returns, earnings and payouts over a period, and your top products', {
    200: okOrCsv('The report, and the previous period beside it (JSON, or CSV with format=csv).', SellerReport),
    400: refused('A day that is not a real calendar day (`2026-02-30`), `from` after `to`, or over 366 days.'),
  }),
  requireSeller('money.read'),
  validate('query', ReportQuerySchema),
  async (c) => {
    const { period, by, csv } = reportRequest(c.req.valid('query'));
    const report = await sellerReport(c.get('db'), c.get('seller').sellerId, period, by, c.get('locale'));
    if (!csv) return c.json({ data: report });
    const t = c.get('t');
    const labels = { from: t.reports.from, to: t.reports.to, previous: t.reports.previous, name: t.reports.name };
    const file = sectionsCsv([
      { title: t.reports.title, csv: timeReportCsv(report.over, sellerColumns(t), labels) },
      { title: t.reports.seller.products, csv: rankedCsv(report.products, productColumns(t), labels) },
    ]);
    return c.body(file, 200, csvHeaders('my-sales', period));
  },
);
