import { localeOr } from '#i18n/locales.ts';
import { serverConfig } from '../config.ts';
import { log } from '../observability/logger.ts';
import type { ShopDb } from '../db/index.ts';
import { GatewayError, type ProviderName } from './gateway.ts';
import { gatewayFor, providerAvailable } from './gateways.ts';
import { settleVerified, type Settled } from './settle.ts';

/** How far back an unsettled attempt is still asked about (a kiosk code lives 48 hours by default). */
const LOOK_BACK_MS = 7 * 24 * 3_600_000;

export interface Reconciled {
  paymentId: number;
  orderId: number;
  settled: Settled | { outcome: 'unreachable'; reason: string };
}

/**
 * Missed callbacks are normal (issue 39): a payment still pending (or given up by the timeout) RECONCILE_AFTER_MINUTES
 * after it started is asked about at its provider, and asked again each such interval for a week. The provider's answer goes
 * through the same checks and settlement as a callback (settleVerified: our reference, the exact amount, conditional
 * moves), so a callback arriving at the same moment settles once. Providers without a status API are skipped (their
 * orders still give their stock back on the timeout). `checked_at` is claimed before asking, so two instances do not
 * ask twice in one interval.
 */
export async function reconcilePendingPayments(
  db: ShopDb,
  now = new Date(),
  afterMs = serverConfig().reconcileAfterMs,
  origin = serverConfig().publicOrigin,
): Promise<Reconciled[]> {
  const cutoff = new Date(now.getTime() - afterMs).toISOString();
  const horizon = new Date(now.getTime() - LOOK_BACK_MS).toISOString();
  const due = await db
    .selectFrom('payments')
    .select(['id', 'order_id', 'provider', 'tran_ref', 'reference', 'provider_txn', 'checked_at'])
    // An attempt the timeout gave up on (expired) may still have been paid: that money must be found and owed back.
    .where('status', 'in', ['pending', 'expired'])
    .where('created_at', '<', cutoff)
    .where('created_at', '>', horizon)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', cutoff)]))
    .orderBy('id')
    .limit(100)
    .execute();
  const results: Reconciled[] = [];
  for (const payment of due) {
    if (!providerAvailable(payment.provider)) continue;
    const gateway = gatewayFor(payment.provider as ProviderName, origin);
    if (!gateway?.inquire) continue;
    let claim = db.updateTable('payments').set({ checked_at: now.toISOString() }).where('id', '=', payment.id);
    claim =
      payment.checked_at === null ? claim.where('checked_at', 'is', null) : claim.where('checked_at', '=', payment.checked_at);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) continue;
    try {
      const answer = await gateway.inquire({
        tranRef: payment.tran_ref,
        reference: payment.reference,
        currency: 'EGP',
        transactionId: payment.provider_txn,
      });
      const settled = await settleVerified(db, payment.provider, answer, JSON.stringify({ reconciliation: answer }));
      results.push({ paymentId: payment.id, orderId: payment.order_id, settled });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log().warn(
        { provider: payment.provider, payment: payment.id, reason: error.message },
        'reconciliation could not ask the provider',
      );
      results.push({
        paymentId: payment.id,
        orderId: payment.order_id,
        settled: { outcome: 'unreachable', reason: error.message },
      });
    }
  }
  const applied = results.filter((r) => r.settled.outcome === 'applied' || r.settled.outcome === 'flagged');
  if (applied.length) log().info({ settled: applied.length }, 'reconciliation settled payments whose callback never came');
  return results;
}

/**
 * An unpaid reference whose order was cancelled (by the shopper, staff or the timeout) is cancelled at its provider,
 * so nobody pays it at a Fawry point afterwards. Claimed once by `cancelled_at` (several instances cancel it once);
 * a refusal is logged and not retried (a reference paid meanwhile settles as a late payment, owed back).
 */
export async function cancelAbandonedReferences(
  db: ShopDb,
  now = new Date(),
  origin = serverConfig().publicOrigin,
): Promise<number[]> {
  const due = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.id', 'payments.provider', 'payments.tran_ref', 'payments.reference', 'orders.locale'])
    // The shopper's own cancel leaves the attempt pending, the timeout moves it to expired: either way, unpaid.
    .where('payments.status', 'in', ['pending', 'expired'])
    .where('orders.status', '=', 'CANCELED')
    .where('payments.bill_reference', 'is not', null)
    .where('payments.cancelled_at', 'is', null)
    .where('payments.created_at', '>', new Date(now.getTime() - LOOK_BACK_MS).toISOString())
    .orderBy('payments.id')
    .limit(100)
    .execute();
  const cancelled: number[] = [];
  for (const payment of due) {
    if (!providerAvailable(payment.provider)) continue;
    const gateway = gatewayFor(payment.provider as ProviderName, origin);
    if (!gateway?.cancelReference) continue;
    const claim = await db
      .updateTable('payments')
      .set({ cancelled_at: now.toISOString() })
      .where('id', '=', payment.id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    try {
      await gateway.cancelReference(
        { tranRef: payment.tran_ref, reference: payment.reference, currency: 'EGP' },
        localeOr(payment.locale),
      );
      cancelled.push(payment.id);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log().warn({ payment: payment.id, reason: error.message }, 'could not cancel the payment reference');
    }
  }
  return cancelled;
}

/** Runs reconciliation once a minute in this process (started and stopped by src/app/background-jobs.ts). */
export function watchPendingPayments(db: ShopDb): () => void {
  const run = () =>
    void reconcilePendingPayments(db)
      .then(() => cancelAbandonedReferences(db))
      .catch((error: unknown) => log().error({ job: 'payment-reconcile', err: error }, 'reconciliation failed'));
  const timer = setInterval(run, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
