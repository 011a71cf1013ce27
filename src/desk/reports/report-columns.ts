import type { Dictionary } from '#i18n/en.ts';
import type { CsvColumn, CsvLabels } from '#lib/reports/report-csv.ts';
import type { ReportPeriod } from '#lib/reports/report-period.ts';
import type { RankedRow, SnapshotRow } from '#lib/reports/report-views.ts';

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

export const CONFIRM_TIME_FIGURES = ['medianHours', 'p90Hours', 'confirmed'] as const;
export type ConfirmTimeFigure = (typeof CONFIRM_TIME_FIGURES)[number];
export const CASH_AGE_FIGURES = ['owed', 'days0to2', 'days3to7', 'days8to14', 'days15plus', 'orders'] as const;
export type CashAgeFigure = (typeof CASH_AGE_FIGURES)[number];
export const CODE_FIGURES = ['codes', 'codesPaid', 'codesExpired', 'codesPaidAmount', 'codesExpiredAmount'] as const;
export type CodeFigure = (typeof CODE_FIGURES)[number];
export const STOCK_OUT_FIGURES = ['stockOuts'] as const;
export type StockOutFigure = (typeof STOCK_OUT_FIGURES)[number];
export const SHOPPER_FIGURES = ['orders', 'net', 'averageOrder'] as const;
export type ShopperFigure = (typeof SHOPPER_FIGURES)[number];
export const REGION_FIGURES = ['orders', 'net', 'averageOrder', 'newShoppers'] as const;
export type RegionFigure = (typeof REGION_FIGURES)[number];

export const DESK_REPORTS = ['sales', 'orders', 'cod', 'payments', 'catalog', 'customers'] as const;
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

export const confirmTimeColumns = (t: Dictionary): CsvColumn<ConfirmTimeFigure>[] =>
  CONFIRM_TIME_FIGURES.map((key) => ({ key, label: t.reports.cod[key], money: false }));
export const cashAgeColumns = (t: Dictionary): CsvColumn<CashAgeFigure>[] =>
  CASH_AGE_FIGURES.map((key) => ({ key, label: t.reports.cod[key], money: key !== 'orders' }));
export const codeColumns = (t: Dictionary): CsvColumn<CodeFigure>[] =>
  CODE_FIGURES.map((key) => ({ key, label: t.reports.payments[key], money: key.endsWith('Amount') }));
export const stockOutColumns = (t: Dictionary): CsvColumn<StockOutFigure>[] => [
  { key: 'stockOuts', label: t.reports.catalog.stockOuts, money: false },
];
export const shopperColumns = (t: Dictionary): CsvColumn<ShopperFigure>[] =>
  SHOPPER_FIGURES.map((key) => ({ key, label: t.reports.customers[key], money: key !== 'orders' }));
export const regionColumns = (t: Dictionary): CsvColumn<RegionFigure>[] =>
  REGION_FIGURES.map((key) => ({ key, label: t.reports.customers[key], money: key === 'net' || key === 'averageOrder' }));

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
  /** Kiosk payment codes (Fawry, Aman, Masary) issued in the period per provider: paid and expired, and their amounts. */
  codes: RankedRow<CodeFigure>[];
}

export interface CatalogReport {
  period: ReportPeriod;
  products: RankedRow<CatalogFigure>[];
  categories: RankedRow<CatalogFigure>[];
  sellers: RankedRow<CatalogFigure>[];
  /** Commission earned per seller: the ledger's commission (sales less reversals) and delivered sales, by ledger day. */
  commission: RankedRow<CommissionFigure>[];
  /** The products out of stock now, by their net sales in the period (what they were selling). */
  outOfStock: RankedRow<CatalogFigure>[];
  /** The products whose stock reached zero in the period: how many times (stock movements). */
  soldOut: RankedRow<StockOutFigure>[];
}

export interface CustomersReport {
  period: ReportPeriod;
  /** New shoppers (their first placed order), returning shoppers and all: orders, net sales, average order. */
  shoppers: RankedRow<ShopperFigure>[];
  governorates: RankedRow<RegionFigure>[];
}

export interface CodReport {
  period: ReportPeriod;
  /** COD orders placed in each period (the confirmation rate's whole). */
  placed: { current: number; previous: number };
  /** Confirmed per channel (WhatsApp, SMS link, a call, other) and never confirmed. */
  channels: RankedRow<ChannelFigure>[];
  governorates: RankedRow<DeliveryFigure>[];
  couriers: RankedRow<DeliveryFigure>[];
  /** Hours from placing to the first confirmation (median, 90th percentile) per channel, and all channels first. */
  confirmTimes: RankedRow<ConfirmTimeFigure>[];
  /** Cash couriers collected and have not remitted, now, per courier company by days since delivery (no previous). */
  cashByAge: SnapshotRow<CashAgeFigure>[];
}
