import { randomUUID } from 'node:crypto';
import { cairoDayEnd, cairoDayStart, cairoToday } from '#lib/cairo-day.ts';
import { serverConfig } from '#server/config.ts';
import type { ShopDb } from '#server/db/index.ts';
import { nowIso } from '#server/db/values.ts';
import { log } from '#server/observability/logger.ts';
import { GatewayError, PROVIDERS, type PaymentGateway, type ProviderName } from '#server/payments/gateway.ts';
import { gatewayFor, providerAvailable } from '#server/payments/gateways.ts';
import { comparePayment } from './compare-payment.ts';

export interface ProviderRun {
  provider: ProviderName;
  checked: number;
  mismatches: number;
  unreachable: number;
}

/** What finance has paid back through the provider for each payment (a part split off keeps its parent's payment). */
async function refundedThroughProvider(db: ShopDb, orderIds: number[]): Promise<Map<number, number>> {
  const byPayment = new Map<number, number>();
  if (!orderIds.length) return byPayment;
  const rows = await db
    .selectFrom('refunds as r')
    .leftJoin('refunds as parent', 'parent.id', 'r.split_from')
    .select(['r.amount', 'r.payment_id', 'parent.payment_id as parent_payment'])
    .where('r.order_id', 'in', orderIds)
    .where('r.status', '=', 'paid')
    .where('r.destination', '=', 'card')
    .execute();
  for (const row of rows) {
    const paymentId = row.payment_id ?? row.parent_payment;
    if (paymentId !== null) byPayment.set(paymentId, (byPayment.get(paymentId) ?? 0) + row.amount);
  }
  return byPayment;
}

/**
 * A run not finished and not heard of for this long is taken to have died (its instance killed, its machine gone):
 * another run takes the day over. A live run is heard of after each payment it asks about (one provider query).
 */
export const RUN_CLAIM_STALE_MS = 10 * 60_000;

/**
 * Claims (day, provider) for this run and returns its claim, or null when another live run has it or it is done. A
 * rerun first drops that day's earlier rows; taking over a dead run drops the mismatches it had found.
 */
async function claimRun(db: ShopDb, day: string, provider: ProviderName, rerun: boolean): Promise<string | null> {
  const claim = randomUUID();
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    if (rerun) {
      await trx.deleteFrom('payment_mismatches').where('day', '=', day).where('provider', '=', provider).execute();
      await trx.deleteFrom('payment_reconciliations').where('day', '=', day).where('provider', '=', provider).execute();
    }
    const inserted = await trx
      .insertInto('payment_reconciliations')
      .values({ day, provider, checked: 0, mismatches: 0, unreachable: 0, ran_at: now, claim, finished_at: null })
      .onConflict((oc) => oc.columns(['day', 'provider']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return claim;
    const takenOver = await trx
      .updateTable('payment_reconciliations')
      .set({ claim, ran_at: now, checked: 0, mismatches: 0, unreachable: 0 })
      .where('day', '=', day)
      .where('provider', '=', provider)
      .where('finished_at', 'is', null)
      .where('ran_at', '<', new Date(Date.parse(now) - RUN_CLAIM_STALE_MS).toISOString())
      .executeTakeFirst();
    if (Number(takenOver.numUpdatedRows) !== 1) return null;
    await trx.deleteFrom('payment_mismatches').where('day', '=', day).where('provider', '=', provider).execute();
    log().warn({ day, provider }, 'reconciliation report: took over a run not heard of since its instance stopped');
    return claim;
  });
}

/** The run's row, while `claim` still holds it: false once another run took the day over (this one then stops). */
async function stillOurs(
  db: ShopDb,
  day: string,
  provider: ProviderName,
  claim: string,
  set: Partial<ProviderRun & { finished_at: string }> = {},
) {
  const updated = await db
    .updateTable('payment_reconciliations')
    .set({ ...set, ran_at: nowIso() })
    .where('day', '=', day)
    .where('provider', '=', provider)
    .where('claim', '=', claim)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Asks the provider about each of the day's payments and keeps every mismatch. */
async function reconcileProvider(
  db: ShopDb,
  day: string,
  provider: ProviderName,
  gateway: PaymentGateway,
  claim: string,
): Promise<ProviderRun | null> {
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'order_id', 'tran_ref', 'reference', 'provider_txn', 'amount', 'status'])
    .where('provider', '=', provider)
    .where('created_at', '>=', cairoDayStart(day))
    .where('created_at', '<', cairoDayEnd(day))
    .orderBy('id')
    .execute();
  const refunded = await refundedThroughProvider(db, [...new Set(payments.map((p) => p.order_id))]);
  const run: ProviderRun = { provider, checked: 0, mismatches: 0, unreachable: 0 };
  for (const payment of payments) {
    let theirs;
    try {
      theirs = await gateway.inquire!({
        tranRef: payment.tran_ref,
        reference: payment.reference,
        currency: 'EGP',
        transactionId: payment.provider_txn,
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      run.unreachable++;
      log().warn({ provider, payment: payment.id, reason: error.message }, 'reconciliation report could not ask the provider');
      if (!(await stillOurs(db, day, provider, claim))) return null;
      continue;
    }
    run.checked++;
    const ours = { status: payment.status, amount: payment.amount, refunded: refunded.get(payment.id) ?? 0 };
    const found = comparePayment(ours, theirs);
    run.mismatches += found.length;
    // Heard of, and its mismatches kept, in one transaction: a run that took the day over (this one was thought dead)
    // waits for it, then drops what it wrote; once taken over, this run writes nothing more and stops.
    const ok = await db.transaction().execute(async (trx) => {
      if (!(await stillOurs(trx, day, provider, claim))) return false;
      for (const mismatch of found)
        await trx
          .insertInto('payment_mismatches')
          .values({
            day,
            provider,
            payment_id: payment.id,
            order_id: payment.order_id,
            tran_ref: payment.tran_ref,
            kind: mismatch.kind,
            their_amount: mismatch.theirAmount,
            our_amount: payment.amount,
            their_refunded: mismatch.theirRefunded,
            our_refunded: ours.refunded,
            their_status: mismatch.theirStatus,
            our_status: payment.status,
          })
          .execute();
      return true;
    });
    if (!ok) return null;
  }
  const { checked, mismatches, unreachable } = run;
  return (await stillOurs(db, day, provider, claim, { checked, mismatches, unreachable, finished_at: nowIso() })) ? run : null;
}

/**
 * The daily reconciliation report (issue 39, docs/payments.md): every payment the shop started on a Cairo day is
 * asked about at its provider (each provider's status query: Paymob's transaction inquiry, Fawry's status V2,
 * PayTabs' query, OPay's cashier status) and compared with ours; each mismatch is kept for finance's desk page.
 * A day is built once per provider (claimed by its run row, taken over when its run died: claimRun); `rerun`
 * (finance's "check again") rebuilds it.
 */
export async function buildReconciliationReport(
  db: ShopDb,
  day: string,
  { rerun = false, origin = serverConfig().publicOrigin }: { rerun?: boolean; origin?: string } = {},
): Promise<ProviderRun[]> {
  const runs: ProviderRun[] = [];
  for (const provider of PROVIDERS) {
    if (!providerAvailable(provider)) continue;
    const gateway = gatewayFor(provider, origin);
    if (!gateway?.inquire) continue;
    const claim = await claimRun(db, day, provider, rerun);
    if (!claim) continue;
    const run = await reconcileProvider(db, day, provider, gateway, claim);
    if (run) runs.push(run);
  }
  return runs;
}

/** The Cairo day before `now`'s: what the daily job reports on. */
export function yesterday(now = new Date()): string {
  const today = new Date(`${cairoToday(now)}T00:00:00.000Z`);
  today.setUTCDate(today.getUTCDate() - 1);
  return today.toISOString().slice(0, 10);
}
