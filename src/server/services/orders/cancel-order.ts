import { CANCELLABLE } from '../../../lib/orders/order-status.ts';
import type { ShopDb } from '../../db/index.ts';
import { announceCatalogChange } from '../catalog/catalog-changes.ts';
import { releaseCoupon } from './coupons.ts';
import { nowIso, OrderProblem } from './problems.ts';
import { restoreStock } from './stock.ts';
import { refundOrderPayments, refundWalletPart, type RefundDestination } from './refunds.ts';
import { lockShopper } from './wallet.ts';

/**
 * Cancels an order before PREPARE in one transaction: the conditional status UPDATE decides (a double click, or the
 * CLI moving it on at the same moment, cannot cancel twice), then stock, the wallet payment and the coupon use are
 * given back, and a verified online payment is refunded (issue 19): to the wallet at once, or owed to the card
 * for finance to pay through the provider. `userId` null means the operator (CLI), who may cancel any order.
 */
export async function cancelOrder(
  db: ShopDb,
  orderId: number,
  userId: number | null,
  actor = 'shopper',
  /** Only from these statuses (the payment jobs release PENDING orders only, never a placed one). */
  from: readonly string[] = CANCELLABLE,
  refundTo: RefundDestination = 'card',
): Promise<void> {
  const productIds = await db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('orders')
      .set({ status: 'CANCELED', updated_at: nowIso() })
      .where('id', '=', orderId)
      .where('status', 'in', [...from]);
    if (userId !== null) query = query.where('user_id', '=', userId);
    const changed = await query.executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      let exists = trx.selectFrom('orders').select('id').where('id', '=', orderId);
      if (userId !== null) exists = exists.where('user_id', '=', userId);
      throw (await exists.executeTakeFirst()) ? new OrderProblem(409, 'notCancellable') : new OrderProblem(404, 'orderNotFound');
    }
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    await lockShopper(trx, order.user_id);
    if (order.coupon_id !== null) await releaseCoupon(trx, order.coupon_id, order.id);
    const lines = await trx
      .selectFrom('order_lines')
      .select(['product_id', 'quantity'])
      .where('order_id', '=', orderId)
      .execute();
    await restoreStock(trx, lines);
    await refundWalletPart(trx, order);
    const paymentStatus = await refundOrderPayments(trx, order, refundTo);
    if (paymentStatus) await trx.updateTable('orders').set({ payment_status: paymentStatus }).where('id', '=', orderId).execute();
    await trx.insertInto('order_events').values({ order_id: orderId, status: 'CANCELED', actor, created_at: nowIso() }).execute();
    return lines.map((l) => l.product_id);
  });
  await announceCatalogChange(db, { productIds });
}
