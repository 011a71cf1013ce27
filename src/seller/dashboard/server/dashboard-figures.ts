import { cairoDayStart, cairoToday } from '#lib/cairo-day.ts';
import type { ShopDb } from '#server/db/index.ts';
import { toInt } from '#server/db/values.ts';
import { sellerBalances } from '#core/seller-ledger/server/index.ts';
import type { SellerDashboardFigures } from '../dashboard-view.ts';

export type { SellerDashboardFigures } from '../dashboard-view.ts';

/**
 * The seller dashboard's figures (issue 40 item 8): this month's sales (the seller's delivered lines, cancelled lines
 * left out, by the Cairo month the order was delivered in), the parts still to prepare (new or accepted, of orders
 * paid or cash and not yet handed to the courier), and the balances (the ledger's sums, src/core/seller-ledger/server). Two indexed queries (docs/benchmarks.md, `bench:seller-dashboard`).
 */
export async function sellerDashboardFigures(db: ShopDb, sellerId: number, now = new Date()): Promise<SellerDashboardFigures> {
  const month = cairoToday(now).slice(0, 7);
  const since = cairoDayStart(`${month}-01`);
  const [sales, parts, balances] = await Promise.all([
    db
      .selectFrom('order_parts')
      .innerJoin('orders', 'orders.id', 'order_parts.order_id')
      .innerJoin('order_lines', 'order_lines.order_id', 'order_parts.order_id')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .select((eb) => [eb.fn.sum<number>('order_lines.line_total').as('amount'), eb.fn.countAll<number>().as('lines')])
      .where('order_parts.seller_id', '=', sellerId)
      .where('orders.status', '=', 'DELIVERED')
      .where('orders.delivered_at', '>=', since)
      .where('products.seller_id', '=', sellerId)
      .where('order_lines.cancelled_at', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('order_parts')
      .innerJoin('orders', 'orders.id', 'order_parts.order_id')
      .select('order_parts.status')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_parts.seller_id', '=', sellerId)
      .where('order_parts.status', 'in', ['new', 'accepted'])
      // An order the desk already handed over is not to prepare, whatever its part says.
      .where('orders.status', 'in', ['PLACED', 'ACCEPT', 'PREPARE', 'READY_TO_SHIP'])
      .groupBy('order_parts.status')
      .execute(),
    sellerBalances(db, sellerId),
  ]);
  const count = (status: string) => toInt(parts.find((p) => p.status === status)?.n);
  return {
    month,
    sales: toInt(sales?.amount),
    deliveredLines: toInt(sales?.lines),
    partsToPrepare: { new: count('new'), accepted: count('accepted') },
    balances: { pending: balances.pending, available: balances.available },
  };
}
