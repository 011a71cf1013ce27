import type { ReportGrouping, ReportPeriod, ReportPeriodError } from '#lib/reports/report-period.ts';
import type { TimeReport } from '#lib/reports/report-views.ts';
import type { CatalogReport, CodReport, CustomersReport, OrderFigure, PaymentsReport, SalesFigure } from './report-columns.ts';

/** What the desk's reports page draws (issue 53): the request as read, and the one report asked for. */
export type DeskReportPage = {
  period: ReportPeriod;
  by: ReportGrouping;
  view: 'chart' | 'table';
  error: { code: ReportPeriodError; field: 'from' | 'to' } | null;
} & (
  | { report: 'sales'; data: TimeReport<SalesFigure> }
  | { report: 'orders'; data: TimeReport<OrderFigure> }
  | { report: 'cod'; data: CodReport }
  | { report: 'payments'; data: PaymentsReport }
  | { report: 'catalog'; data: CatalogReport }
  | { report: 'customers'; data: CustomersReport }
);
