import type { Locale } from '#i18n/locales.ts';
import { toCartProduct, type CartLine } from '#lib/cart-math.ts';
import type { ReorderChange, ReorderView } from '#lib/orders/views.ts';
import type { ShopDb } from '../../db/index.ts';
import { joinedProducts } from '../catalog/joined-products.ts';
import { toProductCard } from '../catalog/product-mapper.ts';
import { Problem } from '../../problem.ts';
import { localField } from '#i18n/localized.ts';

/**
 * POST /reorder/{id}: the order's lines as cart lines at today's price and stock, and what changed since. Until the
 * server cart lands the client puts these lines into its cart; out-of-stock and vanished products are left out.
 */
export async function reorder(db: ShopDb, userId: number, orderId: number, locale: Locale): Promise<ReorderView> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new Problem(404, 'orders.orderNotFound');
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const ids = lines.map((l) => l.product_id);
  const rows = ids.length ? await joinedProducts(db).where('p.id', 'in', ids).execute() : [];
  const cards = new Map(rows.map((r) => [r.id, toProductCard(r, locale)]));
  const items: CartLine[] = [];
  const changes: ReorderChange[] = [];
  for (const line of lines) {
    const card = cards.get(line.product_id);
    const oldName = localField(locale, line, 'name');
    if (!card) {
      changes.push({ product_id: line.product_id, name: oldName, kind: 'unavailable' });
      continue;
    }
    if (card.stock <= 0) {
      changes.push({ product_id: card.id, name: card.name, kind: 'out_of_stock' });
      continue;
    }
    if (card.price !== line.unit_price)
      changes.push({ product_id: card.id, name: card.name, kind: 'price_changed', from: line.unit_price, to: card.price });
    const quantity = Math.min(line.quantity, card.stock);
    if (quantity < line.quantity)
      changes.push({ product_id: card.id, name: card.name, kind: 'quantity_lowered', from: line.quantity, to: quantity });
    items.push({ product: toCartProduct(card, card.images[0]), quantity });
  }
  return { items, changes };
}
