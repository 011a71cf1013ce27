import { poundsText } from '../money.ts';
import type { RankedRow, SnapshotRow, TimeReport } from './report-views.ts';

/**
 * A report as CSV (issue 53): exactly the numbers its chart and table draw — money in pounds with two decimals
 * (piastres exact), counts as integers — each figure of the chosen period beside the previous period's. Headers in
 * the reader's language; a byte-order mark first, so a spreadsheet reads the Arabic as UTF-8.
 */
const FORMULA = /^[=+@\t\r]|^-(?!\d+(\.\d{2})?$)/;
const QUOTE = /[",\r\n]/;
function cell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return QUOTE.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const line = (cells: readonly string[]) => `${cells.map(cell).join(',')}\r\n`;

export interface CsvColumn<K extends string> {
  key: K;
  label: string;
  money: boolean;
}

export interface CsvLabels {
  from: string;
  to: string;
  previous: string;
  name: string;
}

/** A number as the CSV writes it: pounds for money, the count otherwise. */
export const csvValue = (value: number, money: boolean): string => (money ? poundsText(value) : String(value));

const header = <K extends string>(columns: readonly CsvColumn<K>[], labels: CsvLabels) =>
  columns.flatMap((c) => [c.label, `${c.label} (${labels.previous})`]);
const values = <K extends string>(
  columns: readonly CsvColumn<K>[],
  row: { current: Record<K, number>; previous: Record<K, number> },
) => columns.flatMap((c) => [csvValue(row.current[c.key], c.money), csvValue(row.previous[c.key], c.money)]);

export function timeReportCsv<K extends string>(
  report: TimeReport<K>,
  columns: readonly CsvColumn<K>[],
  labels: CsvLabels,
): string {
  let text = `\uFEFF${line([labels.from, labels.to, ...header(columns, labels)])}`;
  for (const row of report.rows) text += line([row.from, row.to, ...values(columns, row)]);
  return text;
}

export function rankedCsv<K extends string>(
  rows: readonly RankedRow<K>[],
  columns: readonly CsvColumn<K>[],
  labels: CsvLabels,
): string {
  let text = `\uFEFF${line([labels.name, ...header(columns, labels)])}`;
  for (const row of rows) text += line([row.name, ...values(columns, row)]);
  return text;
}

/** Figures as they are now (no period beside them): one column per figure. */
export function snapshotCsv<K extends string>(
  rows: readonly SnapshotRow<K>[],
  columns: readonly CsvColumn<K>[],
  labels: CsvLabels,
): string {
  let text = `\uFEFF${line([labels.name, ...columns.map((c) => c.label)])}`;
  for (const row of rows) text += line([row.name, ...columns.map((c) => csvValue(row.current[c.key], c.money))]);
  return text;
}

/** Several ranked tables in one file, each after a line with its title. */
export const sectionsCsv = (sections: readonly { title: string; csv: string }[]): string =>
  `\uFEFF${sections.map((s) => `${line([s.title])}${s.csv.replace(/^\uFEFF/, '')}`).join('\r\n')}`;
