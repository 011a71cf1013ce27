import type { ShopDb } from '#server/db/index.ts';
import { toInt } from '#server/db/values.ts';
import { balanced, SELLER_ACCOUNTS, type LedgerKind, type LedgerLeg } from '#lib/seller-ledger/accounts.ts';

/** What a transaction records besides its legs. */
export interface LedgerPosting {
  kind: LedgerKind;
  sellerId: number;
  orderId?: number | null;
  /** Unique: the same source is never posted twice (a repeated delivery, a second release, a repeated payout). */
  sourceKey: string;
  memo?: string | null;
  staffId?: number | null;
  availableAt?: string | null;
  at: string;
  legs: readonly LedgerLeg[];
}

/**
 * The one writer of the ledger (decision 030): a transaction and its entries, refused unless debits equal credits.
 * Runs inside the caller's database transaction, after lockSellerMoney. Returns the new id, or null when a
 * transaction for this source already exists (nothing written).
 */
export async function postTransaction(trx: ShopDb, posting: LedgerPosting): Promise<number | null> {
  if (!balanced(posting.legs)) throw new Error(`ledger: ${posting.sourceKey} does not balance`);
  const row = await trx
    .insertInto('ledger_transactions')
    .values({
      kind: posting.kind,
      seller_id: posting.sellerId,
      order_id: posting.orderId ?? null,
      source_key: posting.sourceKey,
      memo: posting.memo ?? null,
      staff_id: posting.staffId ?? null,
      available_at: posting.availableAt ?? null,
      created_at: posting.at,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  const legs = posting.legs.filter((leg) => leg.debit !== 0 || leg.credit !== 0);
  if (legs.length)
    await trx
      .insertInto('ledger_entries')
      .values(
        legs.map((leg) => ({
          transaction_id: row.id,
          account: leg.account,
          // Only the seller's own accounts carry the seller: their statement reads one index range.
          seller_id: (SELLER_ACCOUNTS as readonly string[]).includes(leg.account) ? leg.sellerId : null,
          debit: leg.debit,
          credit: leg.credit,
          created_at: posting.at,
        })),
      )
      .execute();
  return row.id;
}

/**
 * Puts every money write for one seller one after another: a conditional update of the seller's finance row (made
 * on first use), which PostgreSQL holds as a row lock until the transaction ends and SQLite's single writer already
 * serialises. What the caller reads after it (a balance) cannot change before it commits. Returns whether payouts
 * are suspended.
 */
export async function lockSellerMoney(trx: ShopDb, sellerId: number, at: string): Promise<{ payoutsSuspended: boolean }> {
  await trx
    .insertInto('seller_finance')
    .values({ seller_id: sellerId, updated_at: at })
    .onConflict((oc) => oc.column('seller_id').doNothing())
    .execute();
  const row = await trx
    .updateTable('seller_finance')
    .set((eb) => ({ writes: eb('writes', '+', 1) }))
    .where('seller_id', '=', sellerId)
    .returning('payouts_suspended')
    .executeTakeFirstOrThrow();
  return { payoutsSuspended: toInt(row.payouts_suspended) === 1 };
}

/** A seller's balance on one or both of their accounts: credits minus debits, summed from the entries. */
export async function sellerAccountSums(
  db: ShopDb,
  sellerId: number,
  before?: string,
): Promise<{ pending: number; available: number }> {
  let query = db
    .selectFrom('ledger_entries')
    .select(['account', (eb) => eb.fn.sum<number>(eb('credit', '-', eb.ref('debit'))).as('net')])
    .where('seller_id', '=', sellerId)
    .groupBy('account');
  if (before) query = query.where('created_at', '<', before);
  const rows = await query.execute();
  const net = (account: string) => toInt(rows.find((r) => r.account === account)?.net);
  return { pending: net('seller_pending'), available: net('seller_available') };
}
