import * as z from 'zod/mini';
import { isCalendarDay } from '../calendar-day.ts';

/** A query's or a body's day: `YYYY-MM-DD` and a real calendar day (issue 49), else 422 "not valid" on its field. */
export const calendarDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.refine(isCalendarDay));
