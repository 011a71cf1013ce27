import type { ShopDb } from '../../db/index.ts';
import { nowIso, toInt } from '../../db/values.ts';
import { movePayments } from './lifecycle.ts';
import { recordWalletEntry } from './wallet.ts';

/** Where money goes back: to the card (owed until finance pays it through the provider) or to the wallet (at once). */
export type RefundDestination = 'card' | 'wallet';
type RefundReason = 'cancelled' | 'late_payment' | 'extra_payment';

/**
 * Money that came in for an order that will not keep it is always written down (issue 19, docs/orders.md):
 * every amount has a refunds row, owed or paid, in the same transaction as the change that made it due.
 */

/** The order's verified online payments go back: to the wallet now, or owed to the card. Returns the order's new payment status. */
export async function refundOrderPayments(
  trx: ShopDb,
  order: { id: number; user_id: number },
  destination: RefundDestination,
): Promise<'refund_due' | 'refunded' | undefined> {
  const paid = await trx
    .selectFrom('payments')
    .select(['id', 'amount'])
    .where('order_id', '=', order.id)
    .where('status', '=', 'paid')
    .execute();
  if (!paid.length) return undefined;
  const now = nowIso();
  for (const payment of paid) {
    await trx
      .insertInto('refunds')
      .values({
        order_id: order.id,
        payment_id: payment.id,
        amount: payment.amount,
        destination,
        status: destination === 'wallet' ? 'paid' : 'owed',
        reason: 'cancelled',
        created_at: now,
        paid_at: destination === 'wallet' ? now : null,
      })
      .execute();
    await movePayments(trx, { paymentId: payment.id }, ['paid'], destination === 'wallet' ? 'refunded' : 'refund_due');
    if (destination === 'wallet')
      await recordWalletEntry(trx, { userId: order.user_id, amount: payment.amount, reason: 'order_refund', orderId: order.id });
  }
  return destination === 'wallet' ? 'refunded' : 'refund_due';
}

/** The wallet part of a cancelled order, given back to the wallet (ledger credit and its refunds row). */
export async function refundWalletPart(
  trx: ShopDb,
  order: { id: number; user_id: number; wallet_amount: number },
): Promise<void> {
  if (order.wallet_amount <= 0) return;
  const now = nowIso();
  await recordWalletEntry(trx, { userId: order.user_id, amount: order.wallet_amount, reason: 'order_refund', orderId: order.id });
  await trx
    .insertInto('refunds')
    .values({
      order_id: order.id,
      payment_id: null,
      amount: order.wallet_amount,
      destination: 'wallet',
      status: 'paid',
      reason: 'cancelled',
      created_at: now,
      paid_at: now,
    })
    .execute();
}

/** A payment that arrived when its order no longer waited for it: owed back to the card, once per payment. */
export async function oweLatePayment(
  trx: ShopDb,
  payment: { id: number; order_id: number; amount: number },
  reason: RefundReason,
): Promise<void> {
  await movePayments(trx, { paymentId: payment.id }, ['paid'], 'refund_due');
  await trx
    .insertInto('refunds')
    .values({
      order_id: payment.order_id,
      payment_id: payment.id,
      amount: payment.amount,
      destination: 'card',
      status: 'owed',
      reason,
      created_at: nowIso(),
      paid_at: null,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}

export interface OrderMoney {
  /** Verified online payments plus the wallet spent on the order. */
  received: number;
  /** Refunds owed or paid. */
  refunded: number;
  /** What the shop keeps for the goods: nothing for a cancelled order, at most its price otherwise. */
  kept: number;
}

/** The order's money in one view: for any order that ended, received = refunded + kept (tests/api/refunds.test.ts). */
export async function orderMoney(db: ShopDb, orderId: number): Promise<OrderMoney> {
  const order = await db
    .selectFrom('orders')
    .select(['status', 'total', 'wallet_amount'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('order_id', '=', orderId)
    .where('status', 'in', ['paid', 'refund_due', 'refunded'])
    .executeTakeFirst();
  const spent = await db
    .selectFrom('wallet_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('order_id', '=', orderId)
    .where('reason', '=', 'order_payment')
    .executeTakeFirst();
  const refunds = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const received = toInt(payments?.sum) - toInt(spent?.sum);
  const price = order.total + order.wallet_amount;
  return { received, refunded: toInt(refunds?.sum), kept: order.status === 'CANCELED' ? 0 : Math.min(received, price) };
}

/** Refunds still owed, oldest first: what finance pays back (the CLI's `npm run order -- refunds` until the desk). */
export function owedRefunds(db: ShopDb) {
  return db
    .selectFrom('refunds')
    .select(['id', 'order_id', 'amount', 'destination', 'reason', 'created_at'])
    .where('status', '=', 'owed')
    .orderBy('created_at')
    .orderBy('id')
    .limit(500)
    .execute();
}
