import { CANCELLABLE, type OrderStatus } from '#lib/orders/order-status.ts';
import type { ShopDb } from '#server/db/index.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { releaseCoupon } from '#server/services/orders/coupons.ts';
import { moveOrderStatus, moveParts, setOrderPayment, type OrderPaymentStatus } from './lifecycle.ts';
import { Problem } from '#server/problem.ts';
import { refundOrderPayments, refundWalletPart, type RefundDestination } from './refunds.ts';
import { restoreStock } from '#server/services/orders/stock.ts';
import { lockShopper } from '#server/services/shopper-lock.ts';

export interface CancelRequest {
  orderId: number;
  /** The shopper who asks (only their own order); null for the operator, who may cancel any order. */
  userId: number | null;
  actor: string;
  /** Only from these statuses (the payment jobs release PENDING orders only, never a placed one). */
  from?: readonly OrderStatus[];
  refundTo?: RefundDestination;
  /** What an order still waiting for its payment now says: 'cancelled' unless the provider declined it ('failed'). */
  unpaid?: Extract<OrderPaymentStatus, 'failed' | 'cancelled'>;
  /** Why (staff give a reason), on the order's timeline. */
  note?: string | null;
}

/**
 * Takes the locks a cancel needs in the order the checkout takes them (the shopper, then the products in id order,
 * the reports' summary rows last, which the status move writes): a cancel that wrote the summaries first and then
 * waited for the shopper or a product deadlocked on PostgreSQL with a checkout holding those and waiting for the
 * summaries (the chaos run, issue 54). No-op updates, as lockShopper's; nothing when the order does not exist.
 */
async function lockAsCheckoutDoes(trx: ShopDb, orderId: number): Promise<void> {
  const order = await trx.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
  if (!order) return;
  await lockShopper(trx, order.user_id);
  const lines = await trx.selectFrom('order_lines').select('product_id').where('order_id', '=', orderId).execute();
  for (const id of [...new Set(lines.map((l) => l.product_id))].sort((a, b) => a - b))
    await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb.ref('stock') }))
      .where('id', '=', id)
      .execute();
}

/**
 * Cancels an order inside the caller's transaction: the conditional status change decides (a double click, or the
 * CLI moving it on at the same moment, cannot cancel twice), then stock, the wallet payment and the coupon use are
 * given back, and a verified online payment is refunded (issue 19): to the wallet at once, or owed to the card for
 * finance to pay through the provider. Returns the products whose stock changed.
 */
export async function cancelWithin(trx: ShopDb, request: CancelRequest): Promise<number[]> {
  const { orderId, userId, actor, from = CANCELLABLE, refundTo = 'card' } = request;
  await lockAsCheckoutDoes(trx, orderId);
  const moved = await moveOrderStatus(trx, {
    orderId,
    from,
    to: 'CANCELED',
    actor,
    note: request.note ?? null,
    ...(userId !== null ? { userId } : {}),
  });
  if (!moved) {
    let exists = trx.selectFrom('orders').select('id').where('id', '=', orderId);
    if (userId !== null) exists = exists.where('user_id', '=', userId);
    throw (await exists.executeTakeFirst())
      ? new Problem(409, 'orders.notCancellable')
      : new Problem(404, 'orders.orderNotFound');
  }
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  await lockShopper(trx, order.user_id);
  if (order.coupon_id !== null) await releaseCoupon(trx, order.coupon_id, order.id);
  // A line its seller already cancelled (out of stock) gave its units back then (src/seller/orders/server/cancel-line.ts).
  const lines = await trx
    .selectFrom('order_lines')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .where('cancelled_at', 'is', null)
    .execute();
  await moveParts(trx, { orderId }, ['new', 'accepted', 'ready'], 'cancelled');
  // From the courier's hands it is a return to origin; before that, a cancellation.
  const reason = from.length === 1 && from[0] === 'WITH_COURIER' ? 'return' : 'cancel';
  await restoreStock(trx, lines, { orderId, reason, actor });
  await refundWalletPart(trx, order);
  const paymentStatus =
    (await refundOrderPayments(trx, order, refundTo)) ??
    (order.payment_status === 'awaiting' ? (request.unpaid ?? 'cancelled') : null);
  if (paymentStatus) await setOrderPayment(trx, orderId, paymentStatus);
  return lines.map((l) => l.product_id);
}

/** Cancels an order in one transaction of its own, then announces the stock change. */
export async function cancelOrder(db: ShopDb, request: CancelRequest): Promise<void> {
  const productIds = await db.transaction().execute((trx) => cancelWithin(trx, request));
  await announceCatalogChange(db, { productIds });
}
