import { readReportPeriod, type ReportGrouping, type ReportPeriod } from '#lib/reports/report-period.ts';
import type { ReportQuery } from '#lib/schemas/reports.ts';
import { Problem } from '../problem.ts';

/**
 * A report route's period and grouping (issue 53): the days checked strictly, the same rule the date filters use
 * (src/lib/calendar-day.ts: `2026-13-01` and `2026-02-30` are no days); a refusal is a 400 in the error model whose
 * message, in the reader's language, names the field.
 */
export function reportRequest(query: ReportQuery, now = new Date()): { period: ReportPeriod; by: ReportGrouping; csv: boolean } {
  const read = readReportPeriod(query.from, query.to, now);
  if ('error' in read) {
    throw new Problem(400, `reports.${read.error}`, { fields: { [read.field]: [`reports.${read.error}`] } });
  }
  return { period: read.period, by: query.by ?? 'day', csv: query.format === 'csv' };
}

/** A CSV answer's headers: a download named after the report and its period. */
export const csvHeaders = (name: string, period: ReportPeriod) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}-${period.from}-${period.to}.csv"`,
});
