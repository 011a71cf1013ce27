import { SHOP_TIME_ZONE } from '#i18n/time-zone.ts';

/**
 * The back office counts days as Cairo does (UTC+2, UTC+3 in summer time), whatever the server's zone: "today's
 * orders" and a date filter mean the shop's day, not UTC's.
 */
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, timeZoneName: 'longOffset' });

/** Cairo's offset from UTC in minutes at a moment. */
function cairoOffsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+02:00';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 120;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The UTC instant (ISO) at which a Cairo day (YYYY-MM-DD) begins. */
export function cairoDayStart(day: string): string {
  const utcMidnight = new Date(`${day}T00:00:00.000Z`);
  // The offset at that midnight (a guess 2 h later is never across a switch: Egypt switches at midnight local).
  const offset = cairoOffsetMinutes(new Date(utcMidnight.getTime() - 120 * 60_000));
  return new Date(utcMidnight.getTime() - offset * 60_000).toISOString();
}

/** The UTC instant at which the Cairo day after `day` begins (an exclusive upper bound). */
export function cairoDayEnd(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return cairoDayStart(next.toISOString().slice(0, 10));
}

/** Today's date in Cairo, YYYY-MM-DD. */
export function cairoToday(now = new Date()): string {
  return new Date(now.getTime() + cairoOffsetMinutes(now) * 60_000).toISOString().slice(0, 10);
}

/** The UTC instant (ISO) of a Cairo wall-clock time typed in a `datetime-local` field (YYYY-MM-DDTHH:MM). */
export function cairoInstant(local: string): string {
  const [day = '', time = '00:00'] = local.split('T');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(Date.parse(cairoDayStart(day)) + (hours * 60 + minutes) * 60_000).toISOString();
}
