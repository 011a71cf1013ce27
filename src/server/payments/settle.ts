import type { ShopDb } from '../db/index.ts';
import { announceCatalogChange } from '../services/catalog/catalog-changes.ts';
import { cancelWithin } from '#core/orders/server/cancel-order.ts';
import { movePayments, moveOrderStatus, setOrderPayment } from '#core/orders/server/lifecycle.ts';
import { refreshOrderSummary } from '#core/reports/server/order-summaries.ts';
import { nowIso } from '../db/values.ts';
import { serverConfig } from '../config.ts';
import { Problem } from '../problem.ts';
import { oweLatePayment } from '#core/orders/server/refunds.ts';
import { removeFromServerCart } from '../services/cart/shopper-cart.ts';
import { CallbackRefused, type PaymentGateway, type VerifiedCallback } from './gateway.ts';
import { log } from '../observability/logger.ts';
import { metrics } from '../observability/metrics.ts';
import { queueOrderMessage } from '../messaging/order-messages.ts';

export type CallbackOutcome = 'applied' | 'duplicate' | 'refused' | 'flagged' | 'ignored';

/** How webhooks_received_total names a callback's outcome. */
export const webhookOutcomeOf = (settled: Settled) =>
  settled.outcome === 'duplicate' ? 'duplicate' : settled.outcome === 'refused' ? 'refused' : 'accepted';

export interface Settled {
  outcome: CallbackOutcome;
  reason: string;
  orderId?: number;
}

/**
 * Text as PostgreSQL can keep it: a NUL character, which junk bodies carry and PostgreSQL's text refuses (a 500 on a
 * junk callback, found by stop 57's CI), is kept as U+FFFD; SQLite would have kept it as it came.
 */
const storable = (text: string): string => text.replaceAll('\u0000', '\uFFFD');

/** Every callback is kept as it arrived (payment_callbacks); `db` may be the transaction that applied it. */
async function writeCallback(db: ShopDb, provider: string, tranRef: string | null, settled: Settled, body: string) {
  await db
    .insertInto('payment_callbacks')
    .values({
      provider,
      tran_ref: tranRef === null ? null : storable(tranRef),
      outcome: settled.outcome,
      reason: storable(settled.reason),
      body: storable(body.slice(0, 20_000)),
      received_at: nowIso(),
    })
    .execute();
}

/** What settled, counted and logged once its row is written: refusals and flags are logged for an operator. */
function announce(provider: string, settled: Settled): Settled {
  // payments_total (issue 50): what settled, after its transaction; a late payment on a closed order is `paid_late`.
  if (settled.outcome === 'applied') metrics().payments.inc({ provider, outcome: settled.reason });
  if (settled.outcome === 'flagged') metrics().payments.inc({ provider, outcome: 'paid_late' });
  if (settled.outcome === 'refused') log().warn({ provider, reason: settled.reason }, 'payment callback refused');
  if (settled.outcome === 'flagged')
    log().error({ provider, reason: settled.reason }, 'payment callback FLAGGED for an operator');
  return settled;
}

async function record(db: ShopDb, provider: string, tranRef: string | null, settled: Settled, body: string): Promise<Settled> {
  await writeCallback(db, provider, tranRef, settled, body);
  return announce(provider, settled);
}

/** Writes the callback's row inside the transaction that settles its payment. */
type KeepWithin = (trx: ShopDb, settled: Settled) => Promise<void>;

/**
 * The only way an order becomes paid (docs/payments.md): a callback whose signature verifies, for a payment we
 * started, with exactly its amount in EGP. Each step is a conditional UPDATE, so the same callback delivered many
 * times at once, on one instance or several, settles once; the others are recorded as duplicates.
 */
export async function settleCallback(
  db: ShopDb,
  gateway: PaymentGateway,
  headers: Headers,
  rawBody: string,
  url?: URL,
): Promise<Settled> {
  let callback: VerifiedCallback;
  // A GET callback (Paymob's response) carries everything in its query: that is what is kept.
  const body = rawBody || (url?.search ?? '');
  try {
    callback = gateway.verifyCallback(headers, rawBody, url);
  } catch (error) {
    if (!(error instanceof CallbackRefused)) throw error;
    return record(db, gateway.name, null, { outcome: 'refused', reason: error.message }, body);
  }
  return settleVerified(db, gateway.name, callback, body);
}

/**
 * A callback whose signature verified, or the provider's own answer to our status query: it must name a payment we
 * started (provider's reference and ours) with exactly its amount and currency, then it is applied and recorded.
 */
export async function settleVerified(db: ShopDb, provider: string, callback: VerifiedCallback, body: string): Promise<Settled> {
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('tran_ref', '=', callback.tranRef)
    .executeTakeFirst();
  const keep = (settled: Settled) => record(db, provider, callback.tranRef, settled, body);
  if (!payment || payment.reference !== callback.reference)
    return keep({ outcome: 'refused', reason: `no payment ${callback.tranRef} for reference ${callback.reference}` });
  if (callback.amount !== payment.amount || callback.currency !== payment.currency)
    return keep({
      outcome: 'refused',
      reason: `amount ${callback.amount} ${callback.currency} does not match ${payment.amount} ${payment.currency}`,
      orderId: payment.order_id,
    });
  // A callback that settles its payment is kept in the settling transaction: a process killed right after the
  // commit must not leave a paid order without the callback that paid it (the chaos run found one such payment).
  let kept = false;
  const within: KeepWithin = async (trx, settled) => {
    await writeCallback(trx, provider, callback.tranRef, settled, body);
    kept = true;
  };
  const settled = await applyVerified(db, payment, callback, body, within);
  return kept ? announce(provider, settled) : keep(settled);
}

/**
 * What a verified callback (or a provider's answer to reconciliation) says about one of our payments, once its
 * reference, amount and currency matched: the proof is kept with the payment, a kiosk code starts holding the stock
 * until it expires, and a final outcome settles.
 */
export async function applyVerified(
  db: ShopDb,
  payment: { id: number; order_id: number; provider: string },
  callback: VerifiedCallback,
  proof: string,
  keepWithin: KeepWithin,
): Promise<Settled> {
  await db
    .updateTable('payments')
    .set({
      provider_payload: proof.slice(0, 20_000),
      ...(callback.transactionId ? { provider_txn: callback.transactionId } : {}),
    })
    .where('id', '=', payment.id)
    .execute();
  // A kiosk code (cash at Fawry, Aman, Masary): kept even when the first we hear of it is its payment, since cash
  // cannot be refunded through the provider; while pending, it holds the stock until it expires, and the shopper
  // gets it by WhatsApp or SMS, the message committed with the code or not at all (docs/messaging.md).
  const billReference = callback.billReference;
  const issued = billReference
    ? await db.transaction().execute(async (trx) => {
        const set = await trx
          .updateTable('payments')
          .set({
            bill_reference: billReference,
            expires_at: new Date(Date.now() + serverConfig().kioskPaymentMs).toISOString(),
          })
          .where('id', '=', payment.id)
          .where('bill_reference', 'is', null)
          .executeTakeFirst();
        const first = Number(set.numUpdatedRows) === 1;
        // The reports count the attempt as a kiosk code from now on (issue 53, report_payment_days).
        if (first) await refreshOrderSummary(trx, payment.order_id);
        if (first && callback.outcome === 'pending') await queueOrderMessage(trx, payment.order_id, 'payment_code');
        return first;
      })
    : false;
  if (callback.outcome === 'pending') {
    const reason = !billReference
      ? 'not final yet'
      : issued
        ? `payment code ${billReference} issued`
        : 'payment code already issued';
    return { outcome: 'ignored', reason, orderId: payment.order_id };
  }
  if (callback.outcome === 'paid') return applyPaid(db, payment.id, payment.order_id, keepWithin);
  return applyFailed(db, payment.id, payment.order_id, callback.outcome, keepWithin);
}

async function applyPaid(db: ShopDb, paymentId: number, orderId: number, keepWithin: KeepWithin): Promise<Settled> {
  return db.transaction().execute(async (trx) => {
    const settle = async (settled: Settled) => {
      await keepWithin(trx, settled);
      return settled;
    };
    // An attempt the timeout gave up on can still be paid late: that money must be seen (owed back below).
    if ((await movePayments(trx, { paymentId }, ['pending', 'expired'], 'paid')) !== 1)
      return { outcome: 'duplicate', reason: 'payment already settled', orderId };
    if (!(await moveOrderStatus(trx, { orderId, from: ['PENDING'], to: 'PLACED', actor: 'payment', payment: 'paid' }))) {
      // Money arrived for an order that no longer waits (cancelled by the timeout, or paid by another attempt):
      // it is owed back to the card (a refunds row an operator finds) and flagged, never applied silently.
      const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
      const payment = await trx
        .selectFrom('payments')
        .select(['id', 'order_id', 'amount'])
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow();
      await oweLatePayment(trx, payment, order.status === 'CANCELED' ? 'late_payment' : 'extra_payment');
      // The order says so only when it was cancelled; an order another attempt already paid stays "paid" (the
      // extra payment's row carries the refund).
      await setOrderPayment(trx, orderId, 'refund_due', { orderStatus: 'CANCELED' });
      return settle({
        outcome: 'flagged',
        reason: `paid, but order ${orderId} was not waiting for a payment: refund due`,
        orderId,
      });
    }
    const order = await trx.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    const lines = await trx.selectFrom('order_lines').select('product_id').where('order_id', '=', orderId).execute();
    await removeFromServerCart(
      trx,
      order.user_id,
      lines.map((l) => l.product_id),
    );
    return settle({ outcome: 'applied', reason: 'paid', orderId });
  });
}

/** A declined or cancelled payment: the attempt and the order's release in one transaction. */
async function applyFailed(
  db: ShopDb,
  paymentId: number,
  orderId: number,
  outcome: 'declined' | 'cancelled',
  keepWithin: KeepWithin,
): Promise<Settled> {
  const applied: Settled = { outcome: 'applied', reason: outcome, orderId };
  const settled = await db.transaction().execute(async (trx) => {
    if ((await movePayments(trx, { paymentId }, ['pending'], outcome)) !== 1) return null;
    const unpaid = outcome === 'cancelled' ? 'cancelled' : 'failed';
    const productIds = (await releaseWithin(trx, orderId, `payment-${outcome}`, unpaid)) ?? [];
    await keepWithin(trx, applied);
    return { productIds };
  });
  if (!settled) return { outcome: 'duplicate', reason: 'payment already settled', orderId };
  await announceCatalogChange(db, { productIds: settled.productIds });
  return applied;
}

/** Inside a transaction: cancels a still-unpaid order and gives up its open attempts; null when it had moved on. */
async function releaseWithin(
  trx: ShopDb,
  orderId: number,
  actor: string,
  unpaid: 'failed' | 'cancelled' = 'failed',
): Promise<number[] | null> {
  let productIds: number[];
  try {
    productIds = await cancelWithin(trx, { orderId, userId: null, actor, from: ['PENDING'], unpaid });
  } catch (error) {
    // Another instance (or the callback) got there first: the conditional move changed nothing.
    if (error instanceof Problem) return null;
    throw error;
  }
  await movePayments(trx, { orderId }, ['pending'], 'expired');
  return productIds;
}

/** Cancels a still-unpaid order (stock, coupon and wallet come back) in one transaction; false when it moved on. */
export async function releaseUnpaidOrder(db: ShopDb, orderId: number, actor: string): Promise<boolean> {
  const productIds = await db.transaction().execute((trx) => releaseWithin(trx, orderId, actor));
  if (!productIds) return false;
  await announceCatalogChange(db, { productIds });
  return true;
}
