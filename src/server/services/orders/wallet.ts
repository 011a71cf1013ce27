import type { Locale } from '#i18n/locales.ts';
import type { ShopDb } from '../../db/index.ts';
import { nowIso, toInt } from '../../db/values.ts';

/** A shopper's balance: the sum of the ledger (never stored, so it cannot drift). */
export async function walletBalance(db: ShopDb, userId: number): Promise<number> {
  const row = await db
    .selectFrom('wallet_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('balance'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toInt(row?.balance);
}

/** Adds one ledger row (credit > 0, debit < 0). Call inside the transaction that justifies it. */
export async function recordWalletEntry(
  db: ShopDb,
  entry: { userId: number; amount: number; reason: 'order_payment' | 'order_refund' | 'credit'; orderId?: number; note?: string },
): Promise<void> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) return;
  await db
    .insertInto('wallet_ledger')
    .values({
      user_id: entry.userId,
      amount: entry.amount,
      reason: entry.reason,
      order_id: entry.orderId ?? null,
      note: entry.note ?? null,
      created_at: nowIso(),
    })
    .execute();
}

/** GET /wallet: balance and the latest ledger rows, newest first. */
export async function walletStatement(db: ShopDb, userId: number, _locale: Locale) {
  const entries = await db
    .selectFrom('wallet_ledger')
    .select(['id', 'amount', 'reason', 'order_id', 'note', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return { balance: await walletBalance(db, userId), entries };
}
