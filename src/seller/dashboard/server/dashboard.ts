import type { ShopDb } from '#server/db/index.ts';
import type { SellerDashboard } from '../dashboard-view.ts';

export type { SellerDashboard, SellerOrderSummary } from '../dashboard-view.ts';

/**
 * What the portal's first page shows now (issue 40): the seller's products in the shop, and the orders holding its
 * lines still standing (cancelled lines left out); the balances join when the ledger lands. Every figure is the seller's own: the seller id is in every query.
 */
export async function sellerDashboard(db: ShopDb, sellerId: number, recentCount = 10): Promise<SellerDashboard> {
  const products = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_id', '=', sellerId)
    .executeTakeFirstOrThrow();
  const lines = db
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .where('products.seller_id', '=', sellerId)
    // A line cancelled before delivery (out of stock) is no order of this seller's any more (issue 49).
    .where('order_lines.cancelled_at', 'is', null);
  const orders = await lines
    .select((eb) => eb.fn.count<number>('order_lines.order_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  const recent = await lines
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select((eb) => [
      'orders.id',
      'orders.created_at',
      'orders.status',
      eb.fn.countAll<number>().as('lines'),
      eb.fn.sum<number>('order_lines.line_total').as('total'),
    ])
    .groupBy(['orders.id', 'orders.created_at', 'orders.status'])
    .orderBy('orders.id', 'desc')
    .limit(recentCount)
    .execute();
  return {
    products: Number(products.n),
    orders: Number(orders.n),
    recent: recent.map((row) => ({
      orderId: row.id,
      placedAt: row.created_at,
      status: row.status,
      lines: Number(row.lines),
      linesTotal: Number(row.total),
    })),
  };
}
