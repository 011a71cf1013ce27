import { poundsText } from '#lib/money.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { RefundRow } from '#server/db/schema.ts';
import { GatewayError } from '#server/payments/gateway.ts';
import { gatewayFor, providerAvailable } from '#server/payments/gateways.ts';
import { Problem } from '#server/problem.ts';
import { movePayments, setOrderPayment } from './lifecycle.ts';
import { recordWalletEntry } from '#server/services/orders/wallet.ts';
import { lockShopper } from '#server/services/shopper-lock.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import type { StaffActor } from '../../actors/server/actors.ts';
import { log } from '#server/observability/logger.ts';
import { queueOrderMessage } from '#server/messaging/order-messages.ts';

export interface PayRefundInput {
  refundId: number;
  /** Piastres; the whole amount owed when absent. */
  amount?: number | undefined;
  destination: 'wallet' | 'card';
  /** The staff member's note, kept in the audit log. */
  reason?: string | undefined;
}

export interface PaidRefund {
  /** The paid row: the refund itself, or for a partial payment the part split off it. */
  id: number;
  orderId: number;
  amount: number;
  destination: 'wallet' | 'card';
  providerRef: string | null;
  /** What stays owed on the original row (0 when all was paid). */
  remaining: number;
}

/** A claim older than this was left by a request that died mid-way (a crash, a deploy): it may be claimed again. */
const STALE_CLAIM_MS = 10 * 60_000;

const now = () => new Date().toISOString();

interface Claim {
  row: RefundRow;
  amount: number;
  userId: number;
}

/**
 * Claims an owed refund for this payout with one conditional update (owed → paying, on the amount just read), so
 * of two staff paying it at once exactly one goes on; the other is told it is no longer owed.
 */
async function claim(trx: ShopDb, input: PayRefundInput, actor: StaffActor): Promise<Claim> {
  const row = await trx.selectFrom('refunds').selectAll().where('id', '=', input.refundId).executeTakeFirst();
  if (!row) throw new Problem(404, 'adminMoney.refundNotFound');
  const amount = input.amount ?? row.amount;
  if (amount > row.amount)
    throw new Problem(422, 'adminMoney.refundTooLarge', {
      values: { owed: poundsText(row.amount) },
      detail: { owed: row.amount },
    });
  const stale = new Date(Date.now() - STALE_CLAIM_MS).toISOString();
  const claimed = await trx
    .updateTable('refunds')
    .set({ status: 'paying', claimed_at: now(), staff_id: actor.id })
    .where('id', '=', row.id)
    .where('amount', '=', row.amount)
    .where((eb) => eb.or([eb('status', '=', 'owed'), eb.and([eb('status', '=', 'paying'), eb('claimed_at', '<', stale)])]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new Problem(409, 'adminMoney.refundNotOwed');
  const order = await trx.selectFrom('orders').select('user_id').where('id', '=', row.order_id).executeTakeFirstOrThrow();
  return { row, amount, userId: order.user_id };
}

/** The provider refused (or could not be reached): the claim is let go, so the refund is owed again as before. */
async function release(db: ShopDb, refundId: number): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'owed', claimed_at: null })
    .where('id', '=', refundId)
    .where('status', '=', 'paying')
    .execute();
}

/**
 * Records the payout: the whole row paid, or (partial) the paid part split off as its own paid row while the rest
 * stays owed on the original row with its payment. The refund rows' sum never changes, so for the order
 * received = refunded + kept still holds. A payment whose refund is fully paid moves refund_due → refunded, and the
 * order's payment status follows once none of its payments is still due. Audited in the same transaction.
 */
async function settle(
  trx: ShopDb,
  { row, amount, userId }: Claim,
  input: PayRefundInput,
  actor: StaffActor,
  providerRef: string | null,
): Promise<PaidRefund> {
  const paidAt = now();
  const remaining = row.amount - amount;
  let paidId = row.id;
  if (remaining === 0) {
    const done = await trx
      .updateTable('refunds')
      .set({ status: 'paid', destination: input.destination, paid_at: paidAt, provider_ref: providerRef, staff_id: actor.id })
      .where('id', '=', row.id)
      .where('status', '=', 'paying')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1)
      throw new Error(`refund ${row.id} lost its claim while being paid (provider ref ${providerRef})`);
  } else {
    const kept = await trx
      .updateTable('refunds')
      .set({ status: 'owed', amount: remaining, claimed_at: null })
      .where('id', '=', row.id)
      .where('status', '=', 'paying')
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) !== 1)
      throw new Error(`refund ${row.id} lost its claim while being paid (provider ref ${providerRef})`);
    const part = await trx
      .insertInto('refunds')
      .values({
        order_id: row.order_id,
        payment_id: null,
        amount,
        destination: input.destination,
        status: 'paid',
        reason: row.reason,
        created_at: row.created_at,
        paid_at: paidAt,
        staff_id: actor.id,
        provider_ref: providerRef,
        split_from: row.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    paidId = part.id;
  }
  if (input.destination === 'wallet') {
    await lockShopper(trx, userId);
    await recordWalletEntry(trx, { userId, amount, reason: 'order_refund', orderId: row.order_id });
  }
  if (remaining === 0 && row.payment_id !== null) {
    await movePayments(trx, { paymentId: row.payment_id }, ['refund_due'], 'refunded');
    const stillDue = await trx
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', row.order_id)
      .where('status', '=', 'refund_due')
      .executeTakeFirst();
    if (!stillDue) await setOrderPayment(trx, row.order_id, 'refunded', { from: ['refund_due'] });
  }
  // The shopper hears that the money went back (once per order: the first payout of it), when they agreed to messages.
  await queueOrderMessage(trx, row.order_id, 'refund_paid');
  await recordAudit(trx, actor, {
    action: 'refund.pay',
    subject: { type: 'order', id: row.order_id },
    before: { refund_id: row.id, status: row.status, owed: row.amount, destination: row.destination },
    after: { refund_id: paidId, status: 'paid', amount, destination: input.destination, provider_ref: providerRef, remaining },
    reason: input.reason ?? null,
  });
  return { id: paidId, orderId: row.order_id, amount, destination: input.destination, providerRef, remaining };
}

/** The card payment a refund goes back through (its own, or the one of the row it was split from). */
async function paymentOf(db: ShopDb, row: Pick<RefundRow, 'payment_id' | 'split_from'>) {
  let paymentId = row.payment_id;
  if (paymentId === null && row.split_from !== null) {
    const parent = await db.selectFrom('refunds').select('payment_id').where('id', '=', row.split_from).executeTakeFirst();
    paymentId = parent?.payment_id ?? null;
  }
  if (paymentId === null) return undefined;
  return db
    .selectFrom('payments')
    .select(['provider', 'tran_ref', 'reference', 'currency', 'provider_txn', 'bill_reference', 'amount', 'updated_at'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

/**
 * Finance pays a refund back (issue 22, docs/back-office-money.md): to the wallet in one transaction, or to the card
 * in three steps — claim the row (committed), ask the provider with a reference that is the same for the same
 * payout (`BB-RF{id}-{owed}`), then record it as paid. If the provider refuses, the claim is released and nothing is
 * marked paid (502). `origin` is this server's public origin (the sandbox answers there; OPay's refund callback).
 */
export async function payRefund(db: ShopDb, input: PayRefundInput, actor: StaffActor, origin: string): Promise<PaidRefund> {
  if (input.destination === 'wallet')
    return db.transaction().execute(async (trx) => settle(trx, await claim(trx, input, actor), input, actor, null));

  const current = await db
    .selectFrom('refunds')
    .select(['payment_id', 'split_from'])
    .where('id', '=', input.refundId)
    .executeTakeFirst();
  if (!current) throw new Problem(404, 'adminMoney.refundNotFound');
  const payment = await paymentOf(db, current);
  if (!payment || !providerAvailable(payment.provider)) throw new Problem(422, 'adminMoney.refundNoCard');
  // Cash paid at a kiosk through Paymob has no card or wallet to go back to: the wallet, or by hand (Fawry's own
  // references are refunded through Fawry's refund API).
  if (payment.bill_reference && payment.provider === 'paymob') throw new Problem(422, 'adminMoney.refundCashCode');
  const gateway = gatewayFor(payment.provider, origin);
  if (!gateway) throw new Problem(422, 'adminMoney.refundNoCard');

  const claimed = await db.transaction().execute((trx) => claim(trx, input, actor));
  let providerRef: string;
  try {
    const answer = await gateway.refund(
      {
        tranRef: payment.tran_ref,
        reference: payment.reference,
        currency: 'EGP',
        transactionId: payment.provider_txn,
        // The last move of a payment owed back is to paid or refund_due: close enough to choose a void or a refund
        // (a void the provider refuses falls back to a refund).
        paidAt: payment.updated_at,
        fullAmount: payment.amount,
      },
      claimed.amount,
      {
        reference: `BB-RF${claimed.row.id}-${claimed.row.amount}`,
        description: `Refund of order #${claimed.row.order_id}`,
        callbackUrl: `${origin}/api/payments/${payment.provider}/callback`,
      },
    );
    providerRef = answer.providerRef;
  } catch (error) {
    await release(db, claimed.row.id);
    if (error instanceof GatewayError) {
      log().warn({ refund: claimed.row.id, provider: payment.provider, reason: error.message }, 'refund refused by the provider');
      // The provider's reason, when it gave one, is shown to finance with the refusal; the refund stays owed.
      if (error.reason)
        throw new Problem(502, 'adminMoney.refundProviderRefused', {
          values: { reason: error.reason },
          detail: { provider: payment.provider, reason: error.reason },
        });
      throw new Problem(502, 'adminMoney.refundProviderFailed', { detail: { provider: payment.provider } });
    }
    throw error;
  }
  return db.transaction().execute((trx) => settle(trx, claimed, input, actor, providerRef));
}
