import type { Dictionary } from '#i18n/en.ts';
import type { CsvColumn } from '#lib/reports/report-csv.ts';
import type { ReportPeriod } from '#lib/reports/report-period.ts';
import type { RankedRow, TimeReport } from '#lib/reports/report-views.ts';

/**
 * A seller's own reports (issue 53, docs/sellers.md › Reports): figures read from its ledger's commission lines (a
 * sale when delivered, a reversal when given back) and its payouts, in piastres but units. One list for the query,
 * the chart, the table and the CSV.
 */
export const SELLER_FIGURES = ['sales', 'units', 'returns', 'commission', 'earnings', 'payouts'] as const;
export type SellerFigure = (typeof SELLER_FIGURES)[number];
export const PRODUCT_FIGURES = ['sales', 'units'] as const;
export type ProductFigure = (typeof PRODUCT_FIGURES)[number];

export interface SellerReport {
  over: TimeReport<SellerFigure>;
  products: RankedRow<ProductFigure>[];
  period: ReportPeriod;
}

export const sellerColumns = (t: Dictionary): CsvColumn<SellerFigure>[] =>
  SELLER_FIGURES.map((key) => ({ key, label: t.reports.seller[key], money: key !== 'units' }));
export const productColumns = (t: Dictionary): CsvColumn<ProductFigure>[] =>
  PRODUCT_FIGURES.map((key) => ({ key, label: t.reports.seller[key], money: key === 'sales' }));
