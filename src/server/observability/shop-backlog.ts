import type { ShopDb } from '../db/index.ts';
import { COD } from '#core/orders/server/confirmation.ts';
import type { ShopBacklog } from './metrics.ts';

/**
 * What waits for someone, read when Prometheus scrapes: counts on indexed columns (orders by status, refunds by
 * status, queued order messages), so a scrape costs milliseconds at 100,000 orders. Online orders waiting for their payment are the orders
 * in PENDING (`orders_status_created_idx`): the payments table has no index on its status, the orders do.
 */
export async function shopBacklog(db: ShopDb): Promise<ShopBacklog> {
  const [pending, queue, refunds, refundsPaid, outbox] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'PLACED')
      .where('payment_method', '=', COD)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refunds')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount').as('piastres')])
      .where('status', 'in', ['owed', 'paying'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('refunds')
      .select((eb) => ['destination', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('amount').as('piastres')])
      .where('status', '=', 'paid')
      .groupBy('destination')
      .execute(),
    // `order_messages_due_idx` (status, next_attempt_at): the queued rows only.
    db
      .selectFrom('order_messages')
      .select((eb) => ['channel', eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'queued')
      .groupBy('channel')
      .execute(),
  ]);
  return {
    paymentsPending: Number(pending.count),
    oldestPaymentPendingAt: pending.oldest ?? null,
    confirmationQueue: Number(queue.count),
    refunds: refunds.map((r) => ({ status: r.status, count: Number(r.count), piastres: Number(r.piastres ?? 0) })),
    refundsPaid: refundsPaid.map((r) => ({
      destination: r.destination,
      count: Number(r.count),
      piastres: Number(r.piastres ?? 0),
    })),
    outbox: outbox.map((o) => ({ channel: o.channel, pending: Number(o.count), oldestAt: o.oldest ?? null })),
  };
}
