import { cairoDayEnd, cairoDayStart, cairoToday } from '../cairo-day.ts';
import { isCalendarDay } from '../calendar-day.ts';

/**
 * The reports' periods (issue 53, docs/back-office.md › Reports): Cairo days, the previous period of equal length
 * beside each, and their buckets (day, week or month). Pure, shared by the desk's and the seller portal's reports.
 */
export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The longest period a report may cover: a year and a day (the previous one beside it doubles what is read). */
export const MAX_REPORT_DAYS = 366;
/** The period shown when none is chosen: the last 30 Cairo days, today included. */
export const DEFAULT_REPORT_DAYS = 30;

export interface ReportPeriod {
  /** First Cairo day, YYYY-MM-DD. */
  from: string;
  /** Last Cairo day (included). */
  to: string;
}

export const addDays = (day: string, days: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Days in a period, both ends included. */
export const periodDays = (p: ReportPeriod): number => Math.round((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000) + 1;

/** The period of equal length that ends the day before `p` begins. */
export function previousPeriod(p: ReportPeriod): ReportPeriod {
  const days = periodDays(p);
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}

export const defaultPeriod = (now = new Date()): ReportPeriod => {
  const today = cairoToday(now);
  return { from: addDays(today, 1 - DEFAULT_REPORT_DAYS), to: today };
};

export type ReportPeriodError = 'badFrom' | 'badTo' | 'fromAfterTo' | 'tooLong';

/**
 * The period a report was asked for: both days strict calendar days (`2026-02-30` is refused, never rolled over),
 * `from` not after `to`, at most MAX_REPORT_DAYS; either missing takes the default's. A refusal names its field.
 */
export function readReportPeriod(
  from: string | null | undefined,
  to: string | null | undefined,
  now = new Date(),
): { period: ReportPeriod } | { error: ReportPeriodError; field: 'from' | 'to' } {
  const fallback = defaultPeriod(now);
  const first = from || fallback.from;
  const last = to || fallback.to;
  if (!isCalendarDay(first)) return { error: 'badFrom', field: 'from' };
  if (!isCalendarDay(last)) return { error: 'badTo', field: 'to' };
  if (first > last) return { error: 'fromAfterTo', field: 'from' };
  const period = { from: first, to: last };
  if (periodDays(period) > MAX_REPORT_DAYS) return { error: 'tooLong', field: 'from' };
  return { period };
}

export const isGrouping = (value: string | null | undefined): value is ReportGrouping =>
  (REPORT_GROUPINGS as readonly string[]).includes(value ?? '');

/** A bucket: its first day, its last day (both within the period). */
export interface Bucket {
  from: string;
  to: string;
}

/**
 * The buckets of a period: each day; weeks of seven days counted from the period's first day (so the previous
 * period's weeks line up with these one for one); calendar months, the first and last cut to the period.
 */
export function bucketsOf(p: ReportPeriod, by: ReportGrouping): Bucket[] {
  const buckets: Bucket[] = [];
  let day = p.from;
  while (day <= p.to) {
    let last: string;
    if (by === 'day') last = day;
    else if (by === 'week') last = addDays(day, 6);
    else last = addDays(`${addDays(`${day.slice(0, 8)}28`, 4).slice(0, 8)}01`, -1);
    if (last > p.to) last = p.to;
    buckets.push({ from: day, to: last });
    day = addDays(last, 1);
  }
  return buckets;
}

/** The index of the bucket a day falls in, or -1 outside the period. */
export function bucketIndex(buckets: readonly Bucket[], day: string): number {
  for (let i = 0; i < buckets.length; i++) if (day >= buckets[i]!.from && day <= buckets[i]!.to) return i;
  return -1;
}

/** The UTC instants a period covers: [start, end). */
export const periodInstants = (p: ReportPeriod): { start: string; end: string } => ({
  start: cairoDayStart(p.from),
  end: cairoDayEnd(p.to),
});

const hourDays = new Map<string, string>();
/**
 * The Cairo day of a UTC hour (`YYYY-MM-DDTHH`, as `substr(created_at, 1, 13)` gives it): Cairo's offset is whole
 * hours, so a query grouped by the UTC hour can be regrouped by Cairo day exactly, on SQLite and PostgreSQL alike.
 */
export function cairoDayOfHour(hour: string): string {
  let day = hourDays.get(hour);
  if (day === undefined) {
    day = cairoToday(new Date(`${hour}:00:00.000Z`));
    if (hourDays.size > 50_000) hourDays.clear();
    hourDays.set(hour, day);
  }
  return day;
}
