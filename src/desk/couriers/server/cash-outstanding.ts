import { sql } from 'kysely';
import type { CourierCash, UnremittedOrder } from '../cash-views.ts';
import type { ShopDb } from '#server/db/index.ts';
import { serverConfig } from '#server/config.ts';

/**
 * The cash couriers owe (issue 22, docs/back-office-cash.md). A courier collects `orders.cash_to_collect` at the door
 * (set at hand-over; 0 for a prepaid order). Once the order is DELIVERED that cash is owed to the shop until a
 * remittance covers the order (`remittance_orders.order_id` is unique: an order's cash is remitted once). What the
 * courier carries on orders still WITH_COURIER is shown beside it: not owed yet, but in their hands. An order
 * delivered more than REMITTANCE_DUE_DAYS ago and not remitted is overdue. A remittance short of its orders' cash
 * leaves the difference owed (`shortfall`, part of `owed`) until a later remittance pays it back or finance writes it
 * off (issue 33, remittances.ts).
 */
export const NO_CASH: CourierCash = {
  owed: 0,
  shortfall: 0,
  owedOrders: 0,
  overdueOrders: 0,
  overdueAmount: 0,
  carrying: 0,
  carryingOrders: 0,
};

/** The moment before which a delivered, unremitted order is overdue. */
export function overdueCutoff(now: Date): string {
  return new Date(now.getTime() - serverConfig().remittanceDueDays * 24 * 60 * 60 * 1000).toISOString();
}

/** Delivered orders of couriers whose cash no remittance covers yet (the orders_courier_idx serves the filter). */
export function unremittedDelivered(db: ShopDb) {
  return db
    .selectFrom('orders')
    .leftJoin('remittance_orders', 'remittance_orders.order_id', 'orders.id')
    .where('orders.status', '=', 'DELIVERED')
    .where('orders.courier_id', 'is not', null)
    .where('orders.cash_to_collect', '>', 0)
    .where('remittance_orders.order_id', 'is', null);
}

/** Every courier's cash, by courier id (couriers with nothing outstanding are absent: read them as NO_CASH). */
export async function cashByCourier(db: ShopDb, now = new Date()): Promise<Map<number, CourierCash>> {
  const cutoff = overdueCutoff(now);
  const [owed, carrying, short] = await Promise.all([
    unremittedDelivered(db)
      .select([
        'orders.courier_id',
        sql<number>`count(*)`.as('orders'),
        sql<number>`sum(orders.cash_to_collect)`.as('amount'),
        sql<number>`sum(case when coalesce(orders.delivered_at, '') < ${cutoff} then 1 else 0 end)`.as('overdue_orders'),
        sql<number>`sum(case when coalesce(orders.delivered_at, '') < ${cutoff} then orders.cash_to_collect else 0 end)`.as(
          'overdue_amount',
        ),
      ])
      .groupBy('orders.courier_id')
      .execute(),
    db
      .selectFrom('orders')
      .where('orders.status', '=', 'WITH_COURIER')
      .where('orders.courier_id', 'is not', null)
      .select(['orders.courier_id', sql<number>`count(*)`.as('orders'), sql<number>`sum(orders.cash_to_collect)`.as('amount')])
      .groupBy('orders.courier_id')
      .execute(),
    // What short remittances left owed (issue 33): Σ orders_total − amount − written_off per courier.
    db
      .selectFrom('remittances')
      .select(['courier_id', sql<number>`sum(orders_total - amount - written_off)`.as('amount')])
      .groupBy('courier_id')
      .having(sql`sum(orders_total - amount - written_off)`, '>', 0)
      .execute(),
  ]);
  const byCourier = new Map<number, CourierCash>();
  const entry = (id: number) => byCourier.get(id) ?? byCourier.set(id, { ...NO_CASH }).get(id)!;
  // PostgreSQL answers count and sum as bigint text: Number() reads both engines alike.
  for (const row of owed) {
    const cash = entry(row.courier_id!);
    cash.owed = Number(row.amount);
    cash.owedOrders = Number(row.orders);
    cash.overdueOrders = Number(row.overdue_orders);
    cash.overdueAmount = Number(row.overdue_amount);
  }
  for (const row of short) {
    const cash = entry(row.courier_id);
    cash.shortfall = Number(row.amount);
    cash.owed += cash.shortfall;
  }
  for (const row of carrying) {
    const cash = entry(row.courier_id!);
    cash.carrying = Number(row.amount);
    cash.carryingOrders = Number(row.orders);
  }
  return byCourier;
}

/** One courier's delivered orders whose cash is still to remit, oldest delivery first (what finance ticks off). */
export async function unremittedOrders(db: ShopDb, courierId: number, now = new Date()): Promise<UnremittedOrder[]> {
  const cutoff = overdueCutoff(now);
  const rows = await unremittedDelivered(db)
    .where('orders.courier_id', '=', courierId)
    .select(['orders.id', 'orders.delivered_at', 'orders.cash_to_collect'])
    .orderBy('orders.delivered_at')
    .orderBy('orders.id')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    // Every move to DELIVERED stamps the time; an order without one (written by hand) counts as delivered long ago.
    deliveredAt: r.delivered_at ?? new Date(0).toISOString(),
    amount: r.cash_to_collect,
    overdue: (r.delivered_at ?? '') < cutoff,
  }));
}
