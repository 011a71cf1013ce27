import type { ShopDb } from '#server/db/index.ts';
import { nowIso, toInt } from '#server/db/values.ts';
import { movePayments } from './lifecycle.ts';
import { recordWalletEntry } from '#server/services/orders/wallet.ts';

/** Where money goes back: to the card (owed until finance pays it through the provider) or to the wallet (at once). */
export type RefundDestination = 'card' | 'wallet';
type RefundReason = 'cancelled' | 'late_payment' | 'extra_payment' | 'line_cancelled' | 'returned';

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
  // Lines a seller cancelled earlier were paid back then (to the wallet): the rest of the payment is what is owed now.
  let alreadyBack = await lineRefunds(trx, order.id);
  for (const payment of paid) {
    const amount = payment.amount - Math.min(alreadyBack, payment.amount);
    alreadyBack -= payment.amount - amount;
    await trx
      .insertInto('refunds')
      .values({
        order_id: order.id,
        payment_id: payment.id,
        amount,
        destination,
        status: destination === 'wallet' ? 'paid' : 'owed',
        reason: 'cancelled',
        created_at: now,
        paid_at: destination === 'wallet' ? now : null,
      })
      .execute();
    await movePayments(trx, { paymentId: payment.id }, ['paid'], destination === 'wallet' ? 'refunded' : 'refund_due');
    if (destination === 'wallet' && amount > 0)
      await recordWalletEntry(trx, { userId: order.user_id, amount, reason: 'order_refund', orderId: order.id });
  }
  return destination === 'wallet' ? 'refunded' : 'refund_due';
}

/** What the order's cancelled lines gave back of its online payment (reason `line_cancelled`). */
async function lineRefunds(trx: ShopDb, orderId: number): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('order_id', '=', orderId)
    .where('reason', '=', 'line_cancelled')
    .executeTakeFirst();
  return toInt(row?.sum);
}

/**
 * A line its seller could not supply (issue 40, src/seller/orders/server/cancel-line.ts): what it cost the shopper is
 * given back to the wallet at once — from an online payment (`line_cancelled`; a later cancel of the whole order owes
 * only the rest of the payment) or from the wallet part (`cancelled`, as a cancelled order's wallet part). A cash
 * order's lines were not paid yet: its total shrinks and the courier collects less.
 */
export async function refundLine(
  trx: ShopDb,
  order: { id: number; user_id: number },
  back: { fromPayment: number; fromWallet: number },
): Promise<void> {
  for (const [amount, reason] of [
    [back.fromPayment, 'line_cancelled'],
    [back.fromWallet, 'cancelled'],
  ] as const) {
    await paidBackToWallet(trx, order, amount, reason);
  }
}

/**
 * Money given back to the shopper's wallet at once: the wallet's ledger credit and a paid refunds row, in the caller's
 * transaction. Nothing for a zero amount.
 */
async function paidBackToWallet(
  trx: ShopDb,
  order: { id: number; user_id: number },
  amount: number,
  reason: RefundReason,
): Promise<void> {
  if (amount <= 0) return;
  const now = nowIso();
  await recordWalletEntry(trx, { userId: order.user_id, amount, reason: 'order_refund', orderId: order.id });
  await trx
    .insertInto('refunds')
    .values({
      order_id: order.id,
      payment_id: null,
      amount,
      destination: 'wallet',
      status: 'paid',
      reason,
      created_at: now,
      paid_at: now,
    })
    .execute();
}

/** The wallet part of a cancelled order, given back to the wallet (ledger credit and its refunds row). */
export async function refundWalletPart(
  trx: ShopDb,
  order: { id: number; user_id: number; wallet_amount: number },
): Promise<void> {
  await paidBackToWallet(trx, order, order.wallet_amount, 'cancelled');
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

/**
 * Goods given back after delivery (issue 40): what the shopper paid for them goes to the wallet at once (ledger credit
 * and a paid `returned` refunds row), in the transaction that also takes the sellers' shares back (reverseDeliveredLines).
 */
export async function refundReturnedGoods(trx: ShopDb, order: { id: number; user_id: number }, amount: number): Promise<void> {
  await paidBackToWallet(trx, order, amount, 'returned');
}
