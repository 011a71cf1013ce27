import { sql } from 'kysely';
import { previousPeriod, type ReportPeriod } from '#lib/reports/report-period.ts';

/**
 * What every desk report shares (issue 53): they read the summaries per Cairo day (migration 040, kept by
 * src/core/reports/server/order-summaries.ts; their definitions in src/core/reports/order-contribution.ts), one query
 * for the chosen period and the previous one beside it.
 */
export function bothPeriods(period: ReportPeriod): { first: string; split: string; last: string } {
  return { first: previousPeriod(period).from, split: period.from, last: period.to };
}

/** A figure's sums in each period, as `cur_<name>` and `prev_<name>` (the ranked reports' shape). */
export const bothSums = (split: string, column: string, name: string) => [
  sql<number>`coalesce(sum(case when day >= ${split} then ${sql.ref(column)} else 0 end), 0)`.as(`cur_${name}`),
  sql<number>`coalesce(sum(case when day < ${split} then ${sql.ref(column)} else 0 end), 0)`.as(`prev_${name}`),
];

/** A figure summed per day, named as the report calls it. */
export const daySum = (column: string, name: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`.as(name);
