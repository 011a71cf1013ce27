import type { ShopDb } from '../db/index.ts';
import { COD } from '../../desk/orders/server/confirmation-calls.ts';
import type { ShopBacklog } from './metrics.ts';

/**
 * What waits for someone, read when Prometheus scrapes: three counts on indexed columns (orders by status, refunds by
 * status), so a scrape costs milliseconds at 100,000 orders. Online orders waiting for their payment are the orders
 * in PENDING (`orders_status_created_idx`): the payments table has no index on its status, the orders do.
 */
export async function shopBacklog(db: ShopDb): Promise<ShopBacklog> {
  const [pending, queue, refunds] = await Promise.all([
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
  ]);
  return {
    paymentsPending: Number(pending.count),
    oldestPaymentPendingAt: pending.oldest ?? null,
    confirmationQueue: Number(queue.count),
    refunds: refunds.map((r) => ({ status: r.status, count: Number(r.count), piastres: Number(r.piastres ?? 0) })),
  };
}
