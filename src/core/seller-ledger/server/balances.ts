import type { ShopDb } from '#server/db/index.ts';
import { toInt } from '#server/db/values.ts';
import type { SellerBalances } from '#lib/seller-ledger/statement-view.ts';
import { sellerAccountSums } from './post.ts';

/** One seller's pending and available balance (sums of the ledger, never a stored number) and payout suspension. */
export async function sellerBalances(db: ShopDb, sellerId: number): Promise<SellerBalances> {
  const sums = await sellerAccountSums(db, sellerId);
  const finance = await db
    .selectFrom('seller_finance')
    .select('payouts_suspended')
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  return { sellerId, ...sums, payoutsSuspended: toInt(finance?.payouts_suspended) === 1 };
}

/** The balances of the given sellers (the desk's sellers list), one grouped query; a seller with no entries has 0. */
export async function balancesOf(db: ShopDb, sellerIds: readonly number[]): Promise<Map<number, SellerBalances>> {
  const found = new Map<number, SellerBalances>(
    sellerIds.map((id) => [id, { sellerId: id, pending: 0, available: 0, payoutsSuspended: false }]),
  );
  if (!sellerIds.length) return found;
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['seller_id', 'account', (eb) => eb.fn.sum<number>(eb('credit', '-', eb.ref('debit'))).as('net')])
    .where('seller_id', 'in', [...sellerIds])
    .groupBy(['seller_id', 'account'])
    .execute();
  for (const row of rows) {
    const balance = found.get(row.seller_id!);
    if (!balance) continue;
    if (row.account === 'seller_pending') balance.pending = toInt(row.net);
    else balance.available = toInt(row.net);
  }
  const suspended = await db
    .selectFrom('seller_finance')
    .select('seller_id')
    .where('seller_id', 'in', [...sellerIds])
    .where('payouts_suspended', '=', 1)
    .execute();
  for (const row of suspended) found.get(row.seller_id)!.payoutsSuspended = true;
  return found;
}
