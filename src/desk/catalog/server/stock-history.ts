import type { StockMovementView } from '../catalog-views.ts';
import type { ShopDb } from '#server/db/index.ts';
import { staffNamer } from '../../staff/server/staff-names.ts';
import { Problem } from '#server/problem.ts';

/** A product's latest stock movements, newest first, with staff named (the product's page in the desk); 404 for no product. */
export async function stockHistory(db: ShopDb, productId: number, limit = 100): Promise<StockMovementView[]> {
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) throw new Problem(404, 'adminCatalog.productNotFound');
  const rows = await db
    .selectFrom('stock_movements')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const { actorName } = await staffNamer(
    db,
    rows.map((r) => r.actor),
  );
  return rows.map((r) => ({
    id: r.id,
    delta: r.delta,
    stock_after: r.stock_after,
    reason: r.reason as StockMovementView['reason'],
    order_id: r.order_id,
    actor: actorName(r.actor),
    note: r.note,
    at: r.created_at,
  }));
}
