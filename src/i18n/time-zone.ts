/**
 * The shop's time zone: Egypt's (UTC+2, UTC+3 in summer time). Every date and time people read, every "day" the desk
 * counts and the seasonal logo are Cairo's, whatever the zone of the server or the browser. The one place it is
 * written (ESLint refuses the literal elsewhere); a small module, so the islands' chunk does not take format.ts.
 */
export const SHOP_TIME_ZONE = 'Africa/Cairo';

let years: Intl.DateTimeFormat | undefined;

/** The year in Cairo at a moment (the footer's copyright): 31 December 23:30 UTC is already the new year there. */
export function shopYear(at: Date = new Date()): number {
  years ??= new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: SHOP_TIME_ZONE });
  return Number(years.format(at));
}
