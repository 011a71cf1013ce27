import { sql } from 'kysely';
import { cairoDayEnd, cairoDayStart } from '#lib/cairo-day.ts';
import {
  CONFIRMATION_CHANNELS,
  channelOfActor,
  median,
  REPLY_ACTORS,
  type ConfirmationChannel,
  type ConfirmationFigures,
  type Period,
} from '../../dashboard/confirmation-figures.ts';
import type { ShopDb } from '#server/db/index.ts';
import { COD } from '#core/orders/server/confirmation.ts';

/**
 * The confirmation desk's figures (issue 37's follow-up), over the cash-on-delivery orders placed in a chosen period
 * of Cairo days. One cohort for every figure, so they describe the same orders; each definition is beside its code
 * (and the shape's, src/desk/dashboard/confirmation-figures.ts) and in docs/messaging.md.
 */

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
