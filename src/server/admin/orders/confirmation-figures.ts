import { sql } from 'kysely';
import { cairoDayEnd, cairoDayStart, cairoToday } from '../../../lib/admin/cairo-day.ts';
import type { ShopDb } from '../../db/index.ts';
import { COD } from './confirmation-calls.ts';

/**
 * The confirmation desk's figures (issue 37's follow-up), over the cash-on-delivery orders placed in a chosen period
 * of Cairo days. One cohort for every figure, so they describe the same orders; each definition is beside its code and
 * in docs/messaging.md.
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
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
  if (!isDay(first) || !isDay(last)) return { period: fallback, error: 'badDate' };
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

const REPLY_ACTORS = ['shopper:whatsapp', 'shopper:sms'];

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * One row per COD order created in the period (orders_created_idx bounds it), each event looked up by
 * order_events_order_idx; counted and the medians taken here, the same on SQLite and PostgreSQL (no date arithmetic
 * in SQL: both store ISO instants as text).
 */
export async function readConfirmationFigures(db: ShopDb, period: Period): Promise<ConfirmationFigures> {
  const event = (status: string, column: 'created_at' | 'actor') =>
    sql<
      string | null
    >`(select e.${sql.ref(column)} from order_events e where e.order_id = orders.id and e.status = ${status} order by e.id limit 1)`;
  const rows = await db
    .selectFrom('orders')
    .where('created_at', '>=', cairoDayStart(period.from))
    .where('created_at', '<', cairoDayEnd(period.to))
    .where('payment_method', '=', COD)
    .select([
      'status',
      event('PLACED', 'created_at').as('placed_at'),
      event('ACCEPT', 'created_at').as('confirmed_at'),
      event('ACCEPT', 'actor').as('confirmed_by'),
      event('CANCELED', 'actor').as('cancelled_by'),
      sql<number>`case when exists (select 1 from order_events e where e.order_id = orders.id and e.status = 'WITH_COURIER') then 1 else 0 end`.as(
        'handed_over',
      ),
    ])
    .execute();

  const minutes: Record<ConfirmationChannel, number[]> = { whatsapp: [], sms: [], staff: [], other: [], none: [] };
  const counts: Record<ConfirmationChannel, number> = { whatsapp: 0, sms: 0, staff: 0, other: 0, none: 0 };
  let placed = 0;
  let cancelledByReply = 0;
  let delivered = 0;
  let returned = 0;
  for (const row of rows) {
    if (row.placed_at === null) continue;
    placed += 1;
    const channel = channelOfActor(row.confirmed_by);
    counts[channel] += 1;
    if (row.confirmed_at !== null) minutes[channel].push((Date.parse(row.confirmed_at) - Date.parse(row.placed_at)) / 60_000);
    if (row.cancelled_by !== null && REPLY_ACTORS.includes(row.cancelled_by)) cancelledByReply += 1;
    if (row.status === 'DELIVERED') delivered += 1;
    // Returned to origin: cancelled after a courier had it (a failed delivery sent back, or a courier's tracking).
    else if (row.status === 'CANCELED' && Number(row.handed_over) === 1) returned += 1;
  }
  const confirmed = placed - counts.none;
  const channels = Object.fromEntries(
    CONFIRMATION_CHANNELS.map((c) => [c, { orders: counts[c], medianMinutes: median(minutes[c]) }]),
  ) as ConfirmationFigures['channels'];
  return {
    period,
    placed,
    channels,
    confirmationRate: share(confirmed, placed),
    medianMinutesToConfirm: median(CONFIRMATION_CHANNELS.flatMap((c) => minutes[c])),
    cancelledByReply: { orders: cancelledByReply, rate: share(cancelledByReply, placed) },
    delivery: { delivered, returned, returnRate: share(returned, delivered + returned) },
  };
}
