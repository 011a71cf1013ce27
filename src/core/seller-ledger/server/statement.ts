import type { ShopDb } from '#server/db/index.ts';
import { toInt } from '#server/db/values.ts';
import { cairoDayEnd, cairoDayStart } from '#lib/cairo-day.ts';
import type { LedgerKind } from '#lib/seller-ledger/accounts.ts';
import { totals, type SellerStatement, type StatementLine } from '#lib/seller-ledger/statement-view.ts';
import { sellerAccountSums } from './post.ts';

export interface StatementPeriod {
  /** Cairo days YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/** A position in the statement: the last line's time and entry id (keyset: the index is seller, time, id). */
const cursorOf = (line: { at: string; entryId: number }) => `${line.at}~${line.entryId}`;
function readCursor(cursor: string | undefined): { at: string; id: number } | undefined {
  const [at, id] = (cursor ?? '').split('~');
  return at && id && /^\d+$/.test(id) ? { at, id: Number(id) } : undefined;
}

/**
 * The seller's entries in the period after the cursor, oldest first, `limit` of them, with their transaction's kind,
 * order and memo. Two queries, not a join: read from the entries' index alone, then the page's transactions by id
 * (with a join SQLite's planner may start from the transactions and sort the seller's whole period).
 */
async function entriesAfter(
  db: ShopDb,
  sellerId: number,
  range: { start: string; end: string },
  after: { at: string; id: number } | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('ledger_entries')
    .select(['id', 'created_at', 'account', 'debit', 'credit', 'transaction_id'])
    .where('seller_id', '=', sellerId)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end);
  if (after)
    query = query.where((eb) =>
      eb.or([eb('created_at', '>', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '>', after.id)])]),
    );
  const entries = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
  const ids = [...new Set(entries.map((e) => e.transaction_id))];
  const transactions = new Map(
    (ids.length
      ? await db.selectFrom('ledger_transactions').select(['id', 'kind', 'order_id', 'memo']).where('id', 'in', ids).execute()
      : []
    ).map((t) => [t.id, t]),
  );
  return entries.map((e) => {
    const t = transactions.get(e.transaction_id)!;
    return { ...e, kind: t.kind, order_id: t.order_id, memo: t.memo };
  });
}

/** The sum of the seller's entries in the period up to and including the cursor's line. */
async function sumThrough(db: ShopDb, sellerId: number, start: string, cursor: { at: string; id: number }): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.sum<number>(eb('credit', '-', eb.ref('debit'))).as('net'))
    .where('seller_id', '=', sellerId)
    .where('created_at', '>=', start)
    .where((eb) =>
      eb.or([eb('created_at', '<', cursor.at), eb.and([eb('created_at', '=', cursor.at), eb('id', '<=', cursor.id)])]),
    )
    .executeTakeFirst();
  return toInt(row?.net);
}

const toLine = (
  row: {
    id: number;
    created_at: string;
    account: string;
    debit: number;
    credit: number;
    kind: string;
    order_id: number | null;
    memo: string | null;
  },
  balance: number,
): StatementLine => ({
  entryId: row.id,
  at: row.created_at,
  kind: row.kind as LedgerKind,
  orderId: row.order_id,
  memo: row.memo,
  account: row.account === 'seller_pending' ? 'pending' : 'available',
  amount: toInt(row.credit) - toInt(row.debit),
  balance,
});

/**
 * A seller's statement for a period (issue 40 item 7): the opening balance (every entry before it), a page of lines
 * with the running balance, the balance brought and carried forward, and the closing balance (every entry up to the
 * period's end) — all sums of the ledger's entries, so the closing balance is the ledger's by construction.
 */
export async function sellerStatement(
  db: ShopDb,
  sellerId: number,
  period: StatementPeriod,
  page: { after?: string | undefined; limit?: number | undefined } = {},
): Promise<SellerStatement> {
  const limit = Math.min(1000, page.limit ?? 200);
  const range = { start: cairoDayStart(period.from), end: cairoDayEnd(period.to) };
  const opening = totals(await sellerAccountSums(db, sellerId, range.start));
  const closing = totals(await sellerAccountSums(db, sellerId, range.end));
  const after = readCursor(page.after);
  const broughtForward = opening.total + (after ? await sumThrough(db, sellerId, range.start, after) : 0);
  const rows = await entriesAfter(db, sellerId, range, after, limit + 1);
  let balance = broughtForward;
  const lines = rows.slice(0, limit).map((row) => {
    balance += toInt(row.credit) - toInt(row.debit);
    return toLine(row, balance);
  });
  const count = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_id', '=', sellerId)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .executeTakeFirst();
  return {
    sellerId,
    from: period.from,
    to: period.to,
    opening,
    broughtForward,
    lines,
    carriedForward: balance,
    closing,
    next: rows.length > limit ? cursorOf(lines[lines.length - 1]!) : null,
    lineCount: toInt(count?.n),
  };
}

/**
 * Every line of the period, oldest first, in chunks read by keyset (never an OFFSET, never the whole period in
 * memory): what the CSV streams. The running balance starts from the opening balance.
 */
export async function* statementLines(
  db: ShopDb,
  sellerId: number,
  period: StatementPeriod,
  chunk = 2000,
): AsyncGenerator<StatementLine> {
  const range = { start: cairoDayStart(period.from), end: cairoDayEnd(period.to) };
  let balance = totals(await sellerAccountSums(db, sellerId, range.start)).total;
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const rows = await entriesAfter(db, sellerId, range, after, chunk);
    for (const row of rows) {
      balance += toInt(row.credit) - toInt(row.debit);
      yield toLine(row, balance);
    }
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.created_at, id: last.id };
  }
}
