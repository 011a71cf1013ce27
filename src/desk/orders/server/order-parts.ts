import type { PartStatus } from '#lib/orders/part-status.ts';
import type { DeskPart } from '../order-parts-view.ts';
import type { ShopDb } from '#server/db/index.ts';
import { toInt } from '#server/db/values.ts';

/**
 * The sellers' parts of an order as the desk sees them (issue 40 item 4): who prepares what and how far they are.
 * Delivery stays with the marketplace: when every live part is ready, the order is ready to hand over.
 */
export async function readOrderParts(db: ShopDb, orderId: number): Promise<{ parts: DeskPart[]; allReady: boolean }> {
  const rows = await db
    .selectFrom('order_parts')
    .innerJoin('sellers', 'sellers.id', 'order_parts.seller_id')
    .select(['order_parts.id', 'order_parts.status', 'sellers.id as seller_id', 'sellers.name_en', 'sellers.name_ar'])
    .select((eb) =>
      eb
        .selectFrom('order_lines')
        .innerJoin('products', 'products.id', 'order_lines.product_id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('order_lines.order_id', '=', 'order_parts.order_id')
        .whereRef('products.seller_id', '=', 'order_parts.seller_id')
        .where('order_lines.cancelled_at', 'is', null)
        .as('lines'),
    )
    .where('order_parts.order_id', '=', orderId)
    .orderBy('order_parts.id')
    .execute();
  const parts = rows.map((r) => ({
    id: r.id,
    seller: { id: r.seller_id, en: r.name_en, ar: r.name_ar },
    status: r.status as PartStatus,
    lines: toInt(r.lines),
  }));
  const live = parts.filter((p) => p.status !== 'cancelled');
  return { parts, allReady: live.length > 0 && live.every((p) => p.status === 'ready') };
}
