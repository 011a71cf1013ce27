import { serverConfig } from '../../config.ts';
import type { ShopDb } from '../../db/index.ts';
import { nowIso } from '../../db/values.ts';
import { queueOrderMessage } from '../../messaging/order-messages.ts';
import { runJob } from '../../observability/job-run.ts';
import { productsToRate } from './rate-targets.ts';

const DAY_MS = 86_400_000;
/**
 * An order delivered longer ago than RATING_REQUEST_DAYS plus this is not asked about any more: a request weeks late
 * (or for the years of orders a shop had before this job) would surprise more than help.
 */
export const RATING_REQUEST_LATE_DAYS = 7;
const BATCH = 200;

/** The orders whose delivery is RATING_REQUEST_DAYS old (and not older than RATING_REQUEST_LATE_DAYS more), not yet decided. */
function dueOrders(db: ShopDb, now: Date) {
  const due = new Date(now.getTime() - serverConfig().ratingRequestDays * DAY_MS);
  const oldest = new Date(due.getTime() - RATING_REQUEST_LATE_DAYS * DAY_MS);
  return db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.status', '=', 'DELIVERED')
    .where('o.delivered_at', '<=', due.toISOString())
    .where('o.delivered_at', '>', oldest.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('rating_requests as q').select('q.order_id').whereRef('q.order_id', '=', 'o.id'))),
    )
    .orderBy('o.delivered_at')
    .limit(BATCH)
    .execute();
}

export type RatingRequestOutcome = 'asked' | 'nothing_to_rate';

/**
 * Asks each shopper whose order was delivered RATING_REQUEST_DAYS ago to rate its products, once per order whatever
 * the number of instances or runs: the order's `rating_requests` row is the claim, written in the same transaction as
 * the messages (a second instance's insert finds it and does nothing). The messages go through the order outbox
 * (`rate_request`: the WhatsApp template only with the phone's consent, the notification only to a subscribed
 * browser), in the order's language. An order all returned, or whose every line the shopper already rated, gets none.
 * Answers what was decided per order (for the job's log and tests).
 */
export async function queueRatingRequests(db: ShopDb, now = new Date()): Promise<Map<number, RatingRequestOutcome>> {
  const decided = new Map<number, RatingRequestOutcome>();
  for (const { id } of await dueOrders(db, now)) {
    const outcome = await db.transaction().execute(async (trx): Promise<RatingRequestOutcome | null> => {
      const claimed = await trx
        .insertInto('rating_requests')
        .values({ order_id: id, outcome: 'claimed', decided_at: nowIso() })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .returning('order_id')
        .executeTakeFirst();
      if (!claimed) return null;
      const products = await productsToRate(trx, id);
      const result: RatingRequestOutcome = products.length ? 'asked' : 'nothing_to_rate';
      if (products.length) await queueOrderMessage(trx, id, 'rate_request');
      await trx.updateTable('rating_requests').set({ outcome: result }).where('order_id', '=', id).execute();
      return result;
    });
    if (outcome) decided.set(id, outcome);
  }
  return decided;
}

/** The `rating-requests` background job (src/app/background-jobs.ts): every 15 minutes, in every instance. */
export function watchRatingRequests(db: ShopDb): () => void {
  const run = () =>
    void runJob(
      'rating-requests',
      async () => {
        const decided = await queueRatingRequests(db);
        return { asked: [...decided.values()].filter((o) => o === 'asked').length, decided: decided.size };
      },
      ({ decided }) => decided === 0,
    );
  run();
  const timer = setInterval(run, 15 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
