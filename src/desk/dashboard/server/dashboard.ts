import { sql } from 'kysely';
import { cairoDayEnd, cairoDayStart, cairoToday } from '#lib/cairo-day.ts';
import type { ShopDb } from '#server/db/index.ts';
import { cashByCourier } from '../../couriers/server/cash-outstanding.ts';
import { COD } from '#core/orders/server/confirmation.ts';

/**
 * The desk's dashboard (issue 22): each figure's exact definition is in docs/back-office-cash.md, and here beside its
 * query. "Today" is the shop's day in Cairo; rates look at the 30 days before now.
 */
export const RATE_WINDOW_DAYS = 30;
export const AWAITING_SHIPMENT = ['ACCEPT', 'PREPARE', 'READY_TO_SHIP'] as const;

export interface Rate {
  part: number;
  whole: number;
  /** part ÷ whole, or null when there is nothing to divide by. */
  rate: number | null;
}

export interface Dashboard {
  /** Cairo day, YYYY-MM-DD. */
  day: string;
  today: { orders: number; revenue: number };
  awaitingConfirmation: number;
  awaitingShipment: number;
  confirmation: Rate;
  failedDelivery: Rate;
  couriers: { id: number; name: string; owed: number; carrying: number; overdueOrders: number }[];
  cashOutstanding: number;
  refundsOwed: { count: number; amount: number };
}

const rate = (part: number, whole: number): Rate => ({ part, whole, rate: whole > 0 ? part / whole : null });
const count = sql<number>`count(*)`;

/** Orders that reached PLACED (a PLACED event): an online checkout whose payment never came is not an order. */
const wasPlaced = sql<boolean>`exists (select 1 from order_events e where e.order_id = orders.id and e.status = 'PLACED')`;

export async function readDashboard(db: ShopDb, now = new Date()): Promise<Dashboard> {
  const day = cairoToday(now);
  const windowStart = new Date(now.getTime() - RATE_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const [today, awaitingConfirmation, awaitingShipment, confirmation, failures, handOvers, refunds, cash, couriers] =
    await Promise.all([
      // Today's orders: created in today's Cairo day and placed; revenue: their totals, cancelled orders left out.
      db
        .selectFrom('orders')
        .where('created_at', '>=', cairoDayStart(day))
        .where('created_at', '<', cairoDayEnd(day))
        .where(wasPlaced)
        .select([
          count.as('orders'),
          sql<number>`coalesce(sum(case when status <> 'CANCELED' then total else 0 end), 0)`.as('revenue'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('orders')
        .where('status', '=', 'PLACED')
        .where('payment_method', '=', COD)
        .select(count.as('n'))
        .executeTakeFirstOrThrow(),
      db.selectFrom('orders').where('status', 'in', AWAITING_SHIPMENT).select(count.as('n')).executeTakeFirstOrThrow(),
      // Confirmation rate: of the COD orders created in the window, those that ever reached ACCEPT (an ACCEPT event,
      // so an order confirmed and then cancelled still counts as confirmed).
      db
        .selectFrom('orders')
        .where('payment_method', '=', COD)
        .where('created_at', '>=', windowStart)
        .where(wasPlaced)
        .select([
          count.as('placed'),
          sql<number>`coalesce(sum(case when exists (select 1 from order_events e where e.order_id = orders.id and e.status = 'ACCEPT') then 1 else 0 end), 0)`.as(
            'confirmed',
          ),
        ])
        .executeTakeFirstOrThrow(),
      // Failed-delivery rate: failed deliveries recorded in the window ÷ hand-overs to a courier in the window (an
      // order rescheduled and handed over again counts twice in both).
      db.selectFrom('delivery_failures').where('created_at', '>=', windowStart).select(count.as('n')).executeTakeFirstOrThrow(),
      db
        .selectFrom('order_events')
        .where('status', '=', 'WITH_COURIER')
        .where('created_at', '>=', windowStart)
        .select(count.as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('refunds')
        .where('status', '=', 'owed')
        .select([count.as('n'), sql<number>`coalesce(sum(amount), 0)`.as('amount')])
        .executeTakeFirstOrThrow(),
      cashByCourier(db, now),
      db.selectFrom('couriers').select(['id', 'name']).orderBy('name').execute(),
    ]);
  const owing = couriers
    .map((c) => ({ ...c, cash: cash.get(c.id) }))
    .filter((c) => c.cash && c.cash.owed + c.cash.carrying > 0)
    .map((c) => ({
      id: c.id,
      name: c.name,
      owed: c.cash!.owed,
      carrying: c.cash!.carrying,
      overdueOrders: c.cash!.overdueOrders,
    }));
  return {
    day,
    today: { orders: Number(today.orders), revenue: Number(today.revenue) },
    awaitingConfirmation: Number(awaitingConfirmation.n),
    awaitingShipment: Number(awaitingShipment.n),
    confirmation: rate(Number(confirmation.confirmed), Number(confirmation.placed)),
    failedDelivery: rate(Number(failures.n), Number(handOvers.n)),
    couriers: owing,
    cashOutstanding: owing.reduce((sum, c) => sum + c.owed + c.carrying, 0),
    refundsOwed: { count: Number(refunds.n), amount: Number(refunds.amount) },
  };
}
