import type { Insertable } from 'kysely';
import { canTransition, type OrderStatus } from '#lib/orders/order-status.ts';
import { canMovePart, type PartStatus } from '#lib/orders/part-status.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { OrderTable, PaymentTable } from '#server/db/schema.ts';
import { nowIso } from '#server/db/values.ts';
import { refreshOrderSummary } from '../../reports/server/order-summaries.ts';

/**
 * The order and payment lifecycle: the only writer of `orders.status`, `orders.payment_status`, `payments.status`
 * and `order_events` (tests/architecture/lifecycle-writers.test.ts refuses any other). Every write is conditional
 * on the status it moves from, so two callers racing (two instances, an operator and a callback) change it once;
 * callers run it inside the transaction that also moves the stock and the money. Each write here also brings the
 * reports' summaries up to date with the order (refreshOrderSummary, issue 53), in the same transaction; an order's
 * placing is counted by the catch-up just after (decision 039).
 */

/** One online payment attempt (docs/payments.md). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'declined', 'cancelled', 'expired', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const paymentNext: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'declined', 'cancelled', 'expired'],
  // An attempt the timeout gave up on can still be paid late: that money must be seen (and owed back).
  expired: ['paid'],
  paid: ['refund_due', 'refunded'],
  refund_due: ['refunded'],
  declined: [],
  cancelled: [],
  refunded: [],
};

/** The order's payment as the shopper sees it (none for cash on delivery and wallet orders). */
// 'cancelled': the order was cancelled before any payment went through (the shopper left the provider's page, or
// cancelled the waiting order), which is not a failed payment (issue 20).
export const ORDER_PAYMENT_STATUSES = ['none', 'awaiting', 'paid', 'failed', 'cancelled', 'refund_due', 'refunded'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

export const canMovePayment = (from: PaymentStatus, to: PaymentStatus): boolean => paymentNext[from].includes(to);

/** Who moved an order: the shopper, a payment callback or job, the CLI, or staff (`staff:<id>`, actors.ts). */
export type Actor = string;

function assertMoves<S extends string>(from: readonly S[], to: S, allowed: (f: S, t: S) => boolean, what: string): void {
  const bad = from.filter((f) => !allowed(f, to));
  if (bad.length) throw new Error(`${what}: ${bad.join(', ')} → ${to} is not a transition`);
}

/** Writes an order in its first status (PENDING for online methods, PLACED otherwise) with its first event. */
export async function openOrder(
  trx: ShopDb,
  values: Omit<Insertable<OrderTable>, 'status' | 'payment_status'> & { status: 'PENDING' | 'PLACED' },
  actor: Actor,
): Promise<number> {
  const row = await trx
    .insertInto('orders')
    .values({ ...values, payment_status: values.status === 'PENDING' ? 'awaiting' : 'none' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('order_events').values({ order_id: row.id, status: values.status, actor, created_at: nowIso() }).execute();
  return row.id;
}

/**
 * Gives each seller with lines in the order its part to prepare (issue 40, docs/sellers.md "Orders"), in the placing
 * transaction, once the lines are written. The shopper's order is one; the parts are how the sellers see it. The
 * reports count the new order after its checkout (decision 039: summary-catch-up.ts), not here.
 */
export async function openOrderParts(trx: ShopDb, orderId: number): Promise<void> {
  const rows = await trx
    .selectFrom('order_lines')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .select('products.seller_id')
    .distinct()
    .where('order_lines.order_id', '=', orderId)
    .orderBy('products.seller_id')
    .execute();
  const now = nowIso();
  if (rows.length)
    await trx
      .insertInto('order_parts')
      .values(rows.map(({ seller_id }) => ({ order_id: orderId, seller_id, status: 'new', created_at: now, updated_at: now })))
      .execute();
}

/** Moves parts (one of a seller's, or every live one of an order) from one of `from` to `to`; how many moved. */
export async function moveParts(
  trx: ShopDb,
  target: { partId: number; sellerId: number } | { orderId: number },
  from: readonly PartStatus[],
  to: PartStatus,
): Promise<number> {
  assertMoves(from, to, canMovePart, 'order part');
  let query = trx
    .updateTable('order_parts')
    .set({ status: to, updated_at: nowIso() })
    .where('status', 'in', [...from]);
  query =
    'partId' in target
      ? query.where('id', '=', target.partId).where('seller_id', '=', target.sellerId)
      : query.where('order_id', '=', target.orderId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** An event on the order's timeline that does not change its status (a seller's line cancelled as out of stock). */
export async function recordOrderNote(trx: ShopDb, orderId: number, actor: Actor, note: string): Promise<void> {
  const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, status: order.status, actor, note, created_at: nowIso() })
    .execute();
  await refreshOrderSummary(trx, orderId);
}

/**
 * Moves an order from one of `from` to `to` when it is still in one of them (and, with `userId`, belongs to that
 * shopper), optionally setting its payment status, and writes the event. False when it had moved on.
 */
export async function moveOrderStatus(
  trx: ShopDb,
  move: {
    orderId: number;
    from: readonly OrderStatus[];
    to: OrderStatus;
    actor: Actor;
    userId?: number;
    payment?: OrderPaymentStatus;
    /** Why (a cancel reason, a failed delivery, the tracking number), shown on the order's timeline. */
    note?: string | null;
  },
): Promise<boolean> {
  assertMoves(move.from, move.to, canTransition, 'order');
  const now = nowIso();
  let query = trx
    .updateTable('orders')
    .set({ status: move.to, updated_at: now, ...(move.payment ? { payment_status: move.payment } : {}) })
    .where('id', '=', move.orderId)
    .where('status', 'in', [...move.from]);
  if (move.userId !== undefined) query = query.where('user_id', '=', move.userId);
  const changed = await query.executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('order_events')
    .values({ order_id: move.orderId, status: move.to, actor: move.actor, note: move.note ?? null, created_at: now })
    .execute();
  await refreshOrderSummary(trx, move.orderId);
  return true;
}

/** Sets the order's payment status when it is one of `from` (and, with `orderStatus`, the order is in it). */
export async function setOrderPayment(
  trx: ShopDb,
  orderId: number,
  to: OrderPaymentStatus,
  where: { from?: readonly OrderPaymentStatus[]; orderStatus?: OrderStatus } = {},
): Promise<boolean> {
  let query = trx.updateTable('orders').set({ payment_status: to, updated_at: nowIso() }).where('id', '=', orderId);
  if (where.from) query = query.where('payment_status', 'in', [...where.from]);
  if (where.orderStatus) query = query.where('status', '=', where.orderStatus);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Records a payment attempt, waiting for its callback. */
export async function openPayment(trx: ShopDb, values: Omit<Insertable<PaymentTable>, 'status'>): Promise<void> {
  await trx
    .insertInto('payments')
    .values({ ...values, status: 'pending' })
    .execute();
  await refreshOrderSummary(trx, values.order_id);
}

/** Moves payment attempts (one by id, or every one of an order) from one of `from` to `to`; how many moved. */
export async function movePayments(
  trx: ShopDb,
  target: { paymentId: number } | { orderId: number },
  from: readonly PaymentStatus[],
  to: PaymentStatus,
): Promise<number> {
  assertMoves(from, to, canMovePayment, 'payment');
  let query = trx
    .updateTable('payments')
    .set({ status: to, updated_at: nowIso() })
    .where('status', 'in', [...from]);
  query = 'paymentId' in target ? query.where('id', '=', target.paymentId) : query.where('order_id', '=', target.orderId);
  const moved = Number((await query.executeTakeFirst()).numUpdatedRows);
  if (!moved) return 0;
  const orderId =
    'orderId' in target
      ? target.orderId
      : (await trx.selectFrom('payments').select('order_id').where('id', '=', target.paymentId).executeTakeFirstOrThrow())
          .order_id;
  await refreshOrderSummary(trx, orderId);
  return moved;
}
