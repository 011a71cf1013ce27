import type { Dictionary } from '#i18n/en.ts';
import type { CsvColumn, CsvLabels } from '#lib/reports/report-csv.ts';
import type { ReportPeriod } from '#lib/reports/report-period.ts';
import type { RankedRow } from '#lib/reports/report-views.ts';

/**
 * The desk reports' figures (issue 53): their keys in the order the tables and the CSV give them, which are money,
 * and their headers in the reader's language. One list for the query, the chart, the table and the CSV, so the file
 * holds exactly the numbers drawn. Definitions: docs/back-office.md › Reports, and beside each query.
 */
export const SALES_FIGURES = ['orders', 'gross', 'saleDiscounts', 'couponDiscounts', 'refunds', 'net', 'deliveryFees'] as const;
export type SalesFigure = (typeof SALES_FIGURES)[number];
export const ORDER_FIGURES = ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned', 'open'] as const;
export type OrderFigure = (typeof ORDER_FIGURES)[number];
export const METHOD_FIGURES = ['orders', 'amount'] as const;
export type MethodFigure = (typeof METHOD_FIGURES)[number];
export const PROVIDER_FIGURES = ['attempts', 'paid', 'failed', 'pending', 'paidAmount'] as const;
export type ProviderFigure = (typeof PROVIDER_FIGURES)[number];
export const CATALOG_FIGURES = ['net', 'units'] as const;
export type CatalogFigure = (typeof CATALOG_FIGURES)[number];
export const COMMISSION_FIGURES = ['commission', 'sales'] as const;
export type CommissionFigure = (typeof COMMISSION_FIGURES)[number];

export const CHANNEL_FIGURES = ['orders'] as const;
export type ChannelFigure = (typeof CHANNEL_FIGURES)[number];
export const DELIVERY_FIGURES = ['shipped', 'delivered', 'failedAttempts', 'returned'] as const;
export type DeliveryFigure = (typeof DELIVERY_FIGURES)[number];

export const DESK_REPORTS = ['sales', 'orders', 'cod', 'payments', 'catalog'] as const;
export type DeskReport = (typeof DESK_REPORTS)[number];
export const isDeskReport = (value: string | null): value is DeskReport =>
  (DESK_REPORTS as readonly string[]).includes(value ?? '');

const SALES_MONEY = new Set<string>(['gross', 'saleDiscounts', 'couponDiscounts', 'refunds', 'net', 'deliveryFees']);

export const salesColumns = (t: Dictionary): CsvColumn<SalesFigure>[] =>
  SALES_FIGURES.map((key) => ({ key, label: t.reports.sales[key], money: SALES_MONEY.has(key) }));
export const orderColumns = (t: Dictionary): CsvColumn<OrderFigure>[] =>
  ORDER_FIGURES.map((key) => ({ key, label: t.reports.orders[key], money: false }));
export const methodColumns = (t: Dictionary): CsvColumn<MethodFigure>[] =>
  METHOD_FIGURES.map((key) => ({ key, label: t.reports.payments[key], money: key === 'amount' }));
export const providerColumns = (t: Dictionary): CsvColumn<ProviderFigure>[] =>
  PROVIDER_FIGURES.map((key) => ({ key, label: t.reports.payments[key], money: key === 'paidAmount' }));
export const catalogColumns = (t: Dictionary): CsvColumn<CatalogFigure>[] =>
  CATALOG_FIGURES.map((key) => ({ key, label: t.reports.catalog[key], money: key === 'net' }));

export const commissionColumns = (t: Dictionary): CsvColumn<CommissionFigure>[] => [
  { key: 'commission', label: t.reports.catalog.commissionEarned, money: true },
  { key: 'sales', label: t.reports.catalog.deliveredSales, money: true },
];

export const channelColumns = (t: Dictionary): CsvColumn<ChannelFigure>[] => [
  { key: 'orders', label: t.reports.cod.orders, money: false },
];
export const deliveryColumns = (t: Dictionary): CsvColumn<DeliveryFigure>[] =>
  DELIVERY_FIGURES.map((key) => ({ key, label: t.reports.cod[key], money: false }));

export const csvLabels = (t: Dictionary): CsvLabels => ({
  from: t.reports.from,
  to: t.reports.to,
  previous: t.reports.previous,
  name: t.reports.name,
});

export interface PaymentsReport {
  period: ReportPeriod;
  methods: RankedRow<MethodFigure>[];
  providers: RankedRow<ProviderFigure>[];
}

export interface CatalogReport {
  period: ReportPeriod;
  products: RankedRow<CatalogFigure>[];
  categories: RankedRow<CatalogFigure>[];
  sellers: RankedRow<CatalogFigure>[];
  /** Commission earned per seller: the ledger's commission (sales less reversals) and delivered sales, by ledger day. */
  commission: RankedRow<CommissionFigure>[];
}

export interface CodReport {
  period: ReportPeriod;
  /** COD orders placed in each period (the confirmation rate's whole). */
  placed: { current: number; previous: number };
  /** Confirmed per channel (WhatsApp, SMS link, a call, other) and never confirmed. */
  channels: RankedRow<ChannelFigure>[];
  governorates: RankedRow<DeliveryFigure>[];
  couriers: RankedRow<DeliveryFigure>[];
}
