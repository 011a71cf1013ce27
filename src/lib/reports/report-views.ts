import {
  bucketIndex,
  bucketsOf,
  cairoDayOfHour,
  previousPeriod,
  type ReportGrouping,
  type ReportPeriod,
} from './report-period.ts';

/**
 * What a report answers (issue 53): figures per bucket of the chosen period with the same bucket of the previous
 * period beside them, and both periods' totals. Declared once for the API, the pages and the CSV.
 */
export type Figures<K extends string> = Record<K, number>;

export interface ComparedRow<K extends string> {
  /** The bucket of the chosen period. */
  from: string;
  to: string;
  current: Figures<K>;
  /** The same bucket (by position) of the previous period; zeros where it has fewer buckets. */
  previous: Figures<K>;
}

export interface TimeReport<K extends string> {
  period: ReportPeriod;
  previousPeriod: ReportPeriod;
  by: ReportGrouping;
  rows: ComparedRow<K>[];
  totals: { current: Figures<K>; previous: Figures<K> };
}

/** One ranked thing (a product, a category, a seller, a payment method…) in both periods. */
export interface RankedRow<K extends string> {
  key: string;
  name: string;
  current: Figures<K>;
  previous: Figures<K>;
}

/** One thing's figures now (cash with couriers by age): no period, so nothing beside it. */
export interface SnapshotRow<K extends string> {
  key: string;
  name: string;
  current: Figures<K>;
}

/**
 * The value at a share `p` (0.5: median) of counts per bucket, by nearest rank: the smallest bucket whose running
 * count reaches ⌈p·n⌉; null without counts.
 */
export function bucketPercentile(counts: ReadonlyMap<number, number>, p: number): number | null {
  const n = [...counts.values()].reduce((a, b) => a + b, 0);
  if (!n) return null;
  const rank = Math.max(1, Math.ceil(p * n));
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket)!;
    if (seen >= rank) return bucket;
  }
  return null;
}

export const zeros = <K extends string>(keys: readonly K[]): Figures<K> =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Figures<K>;

const addInto = <K extends string>(into: Figures<K>, from: Partial<Record<K, unknown>>, keys: readonly K[]) => {
  for (const k of keys) into[k] += Number(from[k] ?? 0);
};

/**
 * Rows grouped by Cairo day (`day`: `YYYY-MM-DD`, as the summaries keep them) or by UTC hour (`hour`:
 * `YYYY-MM-DDTHH`) spanning the previous and the chosen period, regrouped into the chosen grouping's buckets of each
 * period, paired by position.
 */
export function compareByBucket<K extends string>(
  rows: readonly (({ day: string } | { hour: string }) & Partial<Record<K, unknown>>)[],
  keys: readonly K[],
  period: ReportPeriod,
  by: ReportGrouping,
): TimeReport<K> {
  const previous = previousPeriod(period);
  const current = bucketsOf(period, by);
  const before = bucketsOf(previous, by);
  const out: ComparedRow<K>[] = current.map((b) => ({ ...b, current: zeros(keys), previous: zeros(keys) }));
  const totals = { current: zeros(keys), previous: zeros(keys) };
  for (const row of rows) {
    const day = 'day' in row ? row.day : cairoDayOfHour(row.hour);
    const now = bucketIndex(current, day);
    if (now >= 0) {
      addInto(out[now]!.current, row, keys);
      addInto(totals.current, row, keys);
      continue;
    }
    const then = bucketIndex(before, day);
    if (then < 0) continue;
    addInto(totals.previous, row, keys);
    if (then < out.length) addInto(out[then]!.previous, row, keys);
  }
  return { period, previousPeriod: previous, by, rows: out, totals };
}

/** Share of a part in a whole, or null when there is nothing to divide. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
