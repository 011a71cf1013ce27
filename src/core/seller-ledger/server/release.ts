import { sql } from 'kysely';
import type { ShopDb } from '#server/db/index.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import { runJob } from '#server/observability/job-run.ts';
import { creditLeg, debitLeg } from '#lib/seller-ledger/accounts.ts';
import { lockSellerMoney, postTransaction } from './post.ts';

const BATCH = 500;

/**
 * Moves each delivered line's share from pending to available once its return window has passed (the sale's
 * `available_at`), unless it was reversed first. One release per line (unique source key), under the seller's
 * lock, so two instances running the job release it once. Returns how many lines were released.
 */
export async function releaseDueShares(db: ShopDb, at = new Date()): Promise<number> {
  const now = at.toISOString();
  let released = 0;
  for (;;) {
    const due = await db
      .selectFrom('seller_commission_lines as line')
      .innerJoin('ledger_transactions as sale', 'sale.id', 'line.transaction_id')
      .select(['line.order_line_id', 'line.order_id', 'line.seller_id', 'line.seller_share'])
      .where('line.kind', '=', 'sale')
      .where('sale.available_at', '<=', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger_transactions as done')
              .select('done.id')
              .where('done.source_key', 'in', [
                sql<string>`${'release:line:'} || ${sql.ref('line.order_line_id')}`,
                sql<string>`${'reversal:line:'} || ${sql.ref('line.order_line_id')}`,
              ]),
          ),
        ),
      )
      .orderBy('line.id')
      .limit(BATCH)
      .execute();
    for (const line of due) {
      const done = await db.transaction().execute(async (trx) => {
        await lockSellerMoney(trx, line.seller_id, now);
        // Under the lock: a return written since the read above keeps the share in pending, where it took it from.
        const reversed = await trx
          .selectFrom('ledger_transactions')
          .select('id')
          .where('source_key', '=', `reversal:line:${line.order_line_id}`)
          .executeTakeFirst();
        if (reversed) return false;
        const id = await postTransaction(trx, {
          kind: 'release',
          sellerId: line.seller_id,
          orderId: line.order_id,
          sourceKey: `release:line:${line.order_line_id}`,
          at: now,
          legs: [
            debitLeg('seller_pending', line.seller_id, line.seller_share),
            creditLeg('seller_available', line.seller_id, line.seller_share),
          ],
        });
        if (id === null) return false;
        await recordAudit(trx, null, {
          action: 'seller.release',
          subject: { type: 'seller', id: line.seller_id },
          after: { order_id: line.order_id, order_line_id: line.order_line_id, amount: line.seller_share },
        });
        return true;
      });
      if (done) released += 1;
    }
    if (due.length < BATCH) return released;
  }
}

/** The `seller-ledger-release` background job (src/app/background-jobs.ts): every 15 minutes. */
export function watchSellerReleases(db: ShopDb): () => void {
  const run = () =>
    void runJob(
      'seller-ledger-release',
      async () => ({ released: await releaseDueShares(db) }),
      ({ released }) => released === 0,
    );
  run();
  const timer = setInterval(run, 15 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
