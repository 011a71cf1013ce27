import { formatDate, formatMoney, formatNumber } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { cairoDayStart } from '#lib/cairo-day.ts';
import { toPounds } from '#lib/money.ts';
import type { CsvColumn } from '#lib/reports/report-csv.ts';
import type { ReportGrouping } from '#lib/reports/report-period.ts';
import type { RankedRow, SnapshotRow, TimeReport } from '#lib/reports/report-views.ts';
import type { BarRow, ReportTableRow, TimeBucket } from './chart-types.ts';

/**
 * From a report's numbers to what its chart and its table draw (issue 53), in the reader's language: money and counts
 * as the shop's Intl formatting writes them (src/i18n/format.ts: Latin digits in both languages, decision 003), days
 * as Cairo's. The table's columns are the CSV's, in the same order.
 */
export const valueText = (value: number, money: boolean, locale: Locale): string =>
  money ? formatMoney(value, locale) : formatNumber(value, locale);

/** The value axis: money in compact pounds («12K» / «12 ألف»), counts as they are. */
export const axisText = (money: boolean, locale: Locale) => (value: number) =>
  money
    ? formatNumber(toPounds(Math.round(value)), locale, { notation: 'compact' })
    : formatNumber(value, locale, { maximumFractionDigits: 1 });

/** A bucket's name under the axis and in the table: a day, the first day of a week, a month. */
export function bucketLabel(from: string, by: ReportGrouping, locale: Locale): string {
  const at = cairoDayStart(from);
  if (by === 'month') return formatDate(at, locale, { month: 'short', year: 'numeric' });
  return formatDate(at, locale, { day: 'numeric', month: 'short' });
}

export function timeBuckets<K extends string>(report: TimeReport<K>, key: K, money: boolean, locale: Locale): TimeBucket[] {
  return report.rows.map((r) => ({
    label: bucketLabel(r.from, report.by, locale),
    current: r.current[key],
    previous: r.previous[key],
    currentText: valueText(r.current[key], money, locale),
    previousText: valueText(r.previous[key], money, locale),
  }));
}

export const tableHeaders = <K extends string>(columns: readonly CsvColumn<K>[], previous: string): string[] =>
  columns.flatMap((c) => [c.label, `${c.label} (${previous})`]);

const cellsOf = <K extends string>(
  row: { current: Record<K, number>; previous: Record<K, number> },
  columns: readonly CsvColumn<K>[],
  locale: Locale,
) => columns.flatMap((c) => [valueText(row.current[c.key], c.money, locale), valueText(row.previous[c.key], c.money, locale)]);

export function timeTableRows<K extends string>(
  report: TimeReport<K>,
  columns: readonly CsvColumn<K>[],
  locale: Locale,
): ReportTableRow[] {
  return report.rows.map((r) => ({
    key: r.from,
    label:
      r.from === r.to
        ? formatDate(cairoDayStart(r.from), locale)
        : `${formatDate(cairoDayStart(r.from), locale)} – ${formatDate(cairoDayStart(r.to), locale)}`,
    cells: cellsOf(r, columns, locale),
  }));
}

export const rankedTableRows = <K extends string>(
  rows: readonly RankedRow<K>[],
  columns: readonly CsvColumn<K>[],
  locale: Locale,
): ReportTableRow[] => rows.map((r) => ({ key: r.key, label: r.name, cells: cellsOf(r, columns, locale) }));

export const rankedBars = <K extends string>(rows: readonly RankedRow<K>[], key: K, money: boolean, locale: Locale): BarRow[] =>
  rows.map((r) => ({
    key: r.key,
    name: r.name,
    current: r.current[key],
    previous: r.previous[key],
    currentText: valueText(r.current[key], money, locale),
    previousText: valueText(r.previous[key], money, locale),
  }));

/** Figures as they are now (no previous period): the table's cells are the CSV's, one per figure. */
export const snapshotTableRows = <K extends string>(
  rows: readonly SnapshotRow<K>[],
  columns: readonly CsvColumn<K>[],
  locale: Locale,
): ReportTableRow[] =>
  rows.map((r) => ({ key: r.key, label: r.name, cells: columns.map((c) => valueText(r.current[c.key], c.money, locale)) }));

export const snapshotBars = <K extends string>(
  rows: readonly SnapshotRow<K>[],
  key: K,
  money: boolean,
  locale: Locale,
): BarRow[] =>
  rows.map((r) => ({
    key: r.key,
    name: r.name,
    current: r.current[key],
    previous: 0,
    currentText: valueText(r.current[key], money, locale),
    previousText: '',
  }));
