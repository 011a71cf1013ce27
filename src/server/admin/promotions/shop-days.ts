/**
 * Coupon windows are typed as the shop's calendar days (Cairo, UTC+2 or +3 with daylight saving) and stored as the
 * instants the checkout compares with (`starts_at` <= now < `ends_at`).
 */
const SHOP_ZONE = 'Africa/Cairo';

/** The UTC offset of the shop's zone at an instant, in minutes (120 or 180). */
function offsetMinutes(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_ZONE, timeZoneName: 'longOffset' }).formatToParts(instant);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+02:00';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** The instant a shop day begins: '2026-12-01' → '2026-11-30T22:00:00.000Z'. */
export function shopDayStart(day: string): string {
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  const offset = offsetMinutes(new Date(utcMidnight - 2 * 3600_000));
  return new Date(utcMidnight - offset * 60_000).toISOString();
}

/** The instant after a shop day ends (the next day's start): a coupon ending on a day works all of it. */
export const shopDayEnd = (day: string): string => shopDayStart(nextDay(day));

/** The shop day an instant falls on. */
export const shopDayOf = (iso: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

/** The shop day before the one an end instant begins: what the desk shows as the last day. */
export const lastShopDay = (endIso: string): string => shopDayOf(new Date(Date.parse(endIso) - 1).toISOString());

function nextDay(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 24 * 3600_000);
  return next.toISOString().slice(0, 10);
}
