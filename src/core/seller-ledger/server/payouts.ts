import type { ShopDb } from '#server/db/index.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import type { StaffActor } from '../../actors/server/actors.ts';
import { Problem } from '#server/problem.ts';
import { poundsText } from '#lib/money.ts';
import { creditLeg, debitLeg, type PayoutMethod } from '#lib/seller-ledger/accounts.ts';
import { lockSellerMoney, postTransaction, sellerAccountSums } from './post.ts';
import type { PayoutView } from '#lib/seller-ledger/statement-view.ts';
import { payoutMemo } from '#lib/seller-ledger/statement-memo.ts';

export type { PayoutView } from '#lib/seller-ledger/statement-view.ts';

export interface PayoutInput {
  sellerId: number;
  amount: number;
  method: PayoutMethod;
  reference: string;
  /** The same key is the same payout: a repeated request answers the first one and pays nothing more. */
  idempotencyKey: string;
}

async function sellerExists(db: ShopDb, sellerId: number): Promise<void> {
  const seller = await db.selectFrom('sellers').select('id').where('id', '=', sellerId).executeTakeFirst();
  if (!seller) throw new Problem(404, 'sellerLedger.sellerNotFound');
}

async function payoutByKey(db: ShopDb, key: string) {
  return db.selectFrom('seller_payouts').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

const view = (row: NonNullable<Awaited<ReturnType<typeof payoutByKey>>>): PayoutView => ({
  id: row.id,
  sellerId: row.seller_id,
  amount: row.amount,
  method: row.method as PayoutMethod,
  reference: row.reference,
  staffId: row.staff_id,
  createdAt: row.created_at,
});

/**
 * Finance records money sent to a seller (bank transfer, InstaPay, wallet) with its reference. One transaction:
 * the seller's lock first (two payouts at the same moment wait for each other), then the key (a repeat answers the
 * first payout, `repeated`), the suspension and the available balance read after the lock, so the second of two
 * payouts that together exceed it is refused (409), never paid. Available never goes below zero through a payout.
 */
export async function recordPayout(
  db: ShopDb,
  input: PayoutInput,
  actor: StaffActor,
): Promise<{ payout: PayoutView; repeated: boolean }> {
  await sellerExists(db, input.sellerId);
  const at = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const { payoutsSuspended } = await lockSellerMoney(trx, input.sellerId, at);
    const earlier = await payoutByKey(trx, input.idempotencyKey);
    if (earlier) {
      if (earlier.seller_id !== input.sellerId || earlier.amount !== input.amount)
        throw new Problem(409, 'sellerLedger.keyReused');
      return { payout: view(earlier), repeated: true };
    }
    if (payoutsSuspended) throw new Problem(409, 'sellerLedger.payoutsSuspended');
    const { available } = await sellerAccountSums(trx, input.sellerId);
    if (input.amount > available)
      throw new Problem(409, 'sellerLedger.overAvailable', {
        values: { available: poundsText(Math.max(0, available)) },
        detail: { available },
      });
    const transactionId = await postTransaction(trx, {
      kind: 'payout',
      sellerId: input.sellerId,
      sourceKey: `payout:${input.idempotencyKey}`,
      memo: payoutMemo(input.method, input.reference),
      staffId: actor.id,
      at,
      legs: [debitLeg('seller_available', input.sellerId, input.amount), creditLeg('bank', null, input.amount)],
    });
    if (transactionId === null) throw new Problem(409, 'sellerLedger.keyReused');
    const row = await trx
      .insertInto('seller_payouts')
      .values({
        seller_id: input.sellerId,
        transaction_id: transactionId,
        amount: input.amount,
        method: input.method,
        reference: input.reference.trim(),
        idempotency_key: input.idempotencyKey,
        staff_id: actor.id,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'seller.payout',
      subject: { type: 'seller', id: input.sellerId },
      before: { available },
      after: { payout_id: row.id, amount: input.amount, method: input.method, reference: row.reference },
    });
    return { payout: view(row), repeated: false };
  });
}

/**
 * A correction to a seller's available balance with its reason (a positive amount owes the seller more, a negative
 * one takes back), against the marketplace's adjustments account. Audited; may take available below zero (a debt).
 */
export async function recordAdjustment(
  db: ShopDb,
  input: { sellerId: number; amount: number; reason: string },
  actor: StaffActor,
): Promise<{ transactionId: number }> {
  const reason = input.reason.trim();
  if (!reason) throw new Problem(422, 'sellerLedger.reasonRequired', { fields: { reason: ['sellerLedger.reasonRequired'] } });
  await sellerExists(db, input.sellerId);
  const at = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    await lockSellerMoney(trx, input.sellerId, at);
    const writes = await trx
      .selectFrom('seller_finance')
      .select('writes')
      .where('seller_id', '=', input.sellerId)
      .executeTakeFirstOrThrow();
    const transactionId = (await postTransaction(trx, {
      kind: 'adjustment',
      sellerId: input.sellerId,
      // The seller's write counter, just bumped under the lock, makes the key unique.
      sourceKey: `adjustment:${input.sellerId}:${writes.writes}`,
      memo: reason,
      staffId: actor.id,
      at,
      legs: [creditLeg('seller_available', input.sellerId, input.amount), debitLeg('adjustments', null, input.amount)],
    }))!;
    await recordAudit(trx, actor, {
      action: 'seller.adjustment',
      subject: { type: 'seller', id: input.sellerId },
      after: { transaction_id: transactionId, amount: input.amount },
      reason,
    });
    return { transactionId };
  });
}

/** Suspends or resumes a seller's payouts (a reason to suspend), audited; sales and releases go on. */
export async function setPayoutsSuspended(
  db: ShopDb,
  input: { sellerId: number; suspended: boolean; reason: string | null },
  actor: StaffActor,
): Promise<void> {
  const reason = input.reason?.trim() || null;
  if (input.suspended && !reason)
    throw new Problem(422, 'sellerLedger.reasonRequired', { fields: { reason: ['sellerLedger.reasonRequired'] } });
  await sellerExists(db, input.sellerId);
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await lockSellerMoney(trx, input.sellerId, at);
    await trx
      .updateTable('seller_finance')
      .set({ payouts_suspended: input.suspended ? 1 : 0, suspend_reason: reason, updated_by: actor.id, updated_at: at })
      .where('seller_id', '=', input.sellerId)
      .execute();
    await recordAudit(trx, actor, {
      action: input.suspended ? 'seller.payouts_suspend' : 'seller.payouts_resume',
      subject: { type: 'seller', id: input.sellerId },
      before: { suspended: before.payoutsSuspended },
      after: { suspended: input.suspended },
      reason,
    });
  });
}

/** A seller's payouts, newest first, a page at a time. */
export async function sellerPayouts(
  db: ShopDb,
  sellerId: number,
  page = 1,
  size = 50,
): Promise<{ payouts: PayoutView[]; total: number }> {
  const rows = await db
    .selectFrom('seller_payouts')
    .selectAll()
    .where('seller_id', '=', sellerId)
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const count = await db
    .selectFrom('seller_payouts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  return { payouts: rows.map(view), total: Number(count?.n ?? 0) };
}
