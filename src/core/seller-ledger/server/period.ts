import { cairoToday } from '#lib/cairo-day.ts';
import { isCalendarDay } from '#lib/calendar-day.ts';
import type { StatementPeriod } from './statement.ts';

/** The period a statement covers: what was asked, else this month in Cairo up to today; `from` never after `to`. */
export function statementPeriod(query: { from?: string | undefined; to?: string | undefined }, today: string): StatementPeriod {
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 8)}01`;
  return from <= to ? { from, to } : { from: to, to: from };
}

const day = (v: string | null) => (v && isCalendarDay(v) ? v : undefined);

/** A statement page's period from its address (`?from=&to=`; a malformed day is left out), for the desk and the portal. */
export const statementPeriodOf = (params: URLSearchParams, today = cairoToday()): StatementPeriod =>
  statementPeriod({ from: day(params.get('from')), to: day(params.get('to')) }, today);
