import { cairoToday } from '#lib/cairo-day.ts';
import { isCalendarDay } from '#lib/calendar-day.ts';

/**
 * The confirmation desk's figures (issue 37's follow-up): their shape, the period the desk chooses and how an event's
 * actor names a channel. Pure, so the dashboard's markup may use the types; the query is
 * src/desk/orders/server/confirmation-figures.ts, the definitions docs/messaging.md.
 */

/** How an order was confirmed, read from the actor of its first ACCEPT event (deskActorTag). */
export type ConfirmationChannel = 'whatsapp' | 'sms' | 'staff' | 'other' | 'none';
export const CONFIRMATION_CHANNELS: readonly ConfirmationChannel[] = ['whatsapp', 'sms', 'staff', 'other', 'none'];

/** The longest period the desk may ask for: the figures read one row per order of the period. */
export const MAX_PERIOD_DAYS = 366;
/** The period shown when none is chosen: the last 30 Cairo days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

export interface Period {
  /** First Cairo day, YYYY-MM-DD. */
  from: string;
  /** Last Cairo day (included), YYYY-MM-DD. */
  to: string;
}

export interface ConfirmationFigures {
  period: Period;
  /** COD orders placed in the period (a PLACED event; an online checkout never paid is not one). */
  placed: number;
  /** Per channel: the orders confirmed that way (`none`: never confirmed), and their median minutes to confirm. */
  channels: Record<ConfirmationChannel, { orders: number; medianMinutes: number | null }>;
  /** Confirmed (any channel) ÷ placed, or null without orders. */
  confirmationRate: number | null;
  /** Median minutes from the PLACED event to the first ACCEPT event, over the confirmed orders. */
  medianMinutesToConfirm: number | null;
  /** Orders cancelled by the shopper's reply (WhatsApp quick reply or SMS link), and their share of placed. */
  cancelledByReply: { orders: number; rate: number | null };
  /** Orders that ended with the courier: delivered, or returned to origin (cancelled after a hand-over). */
  delivery: { delivered: number; returned: number; returnRate: number | null };
}

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export type PeriodError = 'badDate' | 'fromAfterTo' | 'tooLong';

/**
 * The period the desk asked for (`from`/`to` as typed in date fields, either may be empty): the last 30 days unless
 * both are given; a bad one gives the default back with the reason, for a localized message.
 */
export function choosePeriod(
  from: string | null | undefined,
  to: string | null | undefined,
  now = new Date(),
): { period: Period; error: PeriodError | null } {
  const today = cairoToday(now);
  const fallback = { from: addDays(today, 1 - DEFAULT_PERIOD_DAYS), to: today };
  if (!from && !to) return { period: fallback, error: null };
  const first = from || fallback.from;
  const last = to || today;
  if (!isCalendarDay(first) || !isCalendarDay(last)) return { period: fallback, error: 'badDate' };
  if (first > last) return { period: fallback, error: 'fromAfterTo' };
  if (daysBetween(first, last) > MAX_PERIOD_DAYS) return { period: fallback, error: 'tooLong' };
  return { period: { from: first, to: last }, error: null };
}

/** The channel an ACCEPT event's actor names: `shopper:whatsapp`, `shopper:sms`, `staff:<id>` (a call), else other. */
export function channelOfActor(actor: string | null): ConfirmationChannel {
  if (actor === null) return 'none';
  if (actor === 'shopper:whatsapp') return 'whatsapp';
  if (actor === 'shopper:sms') return 'sms';
  if (actor.startsWith('staff:')) return 'staff';
  // The terminal, a courier's tracking, an older row: confirmed, but by none of the desk's channels.
  return 'other';
}

/** The actors of a shopper's reply: a WhatsApp quick reply, or an answer on the SMS link's page. */
export const REPLY_ACTORS: readonly string[] = ['shopper:whatsapp', 'shopper:sms'];

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
