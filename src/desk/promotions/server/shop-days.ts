import { cairoDayEnd, cairoDayStart, cairoToday } from '#lib/cairo-day.ts';

/**
 * Coupon windows are typed as the shop's calendar days (Cairo, UTC+2 or +3 with daylight saving) and stored as the
 * instants the checkout compares with (`starts_at` <= now < `ends_at`): the desk's one Cairo calendar
 * (src/lib/cairo-day.ts) in the words of coupons.
 */

/** The instant a shop day begins: '2026-12-01' → '2026-11-30T22:00:00.000Z'. */
export const shopDayStart = cairoDayStart;

/** The instant after a shop day ends (the next day's start): a coupon ending on a day works all of it. */
export const shopDayEnd = cairoDayEnd;

/** The shop day an instant falls on. */
export const shopDayOf = (iso: string): string => cairoToday(new Date(iso));

/** The shop day before the one an end instant begins: what the desk shows as the last day. */
export const lastShopDay = (endIso: string): string => shopDayOf(new Date(Date.parse(endIso) - 1).toISOString());
