import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { releaseUnpaidOrder } from './settle.ts';
import { runJob } from '../observability/job-run.ts';

/** How long an online order keeps its stock while the shopper pays (PAYMENT_TIMEOUT_MINUTES, default 30). */
export const paymentTimeoutMs = (env?: NodeJS.ProcessEnv): number => serverConfig(env).paymentTimeoutMs;

/**
 * Cancels online orders still unpaid after the timeout (or, for a kiosk payment code, after the code expired),
 * giving their stock, coupon use and wallet back. Safe on
 * several instances at once: each release is the conditional cancel (UPDATE … WHERE status = 'PENDING'), so two
 * instances picking the same order release it once. A payment arriving later is flagged (settle.ts).
 */
export async function releaseAbandonedPayments(db: ShopDb, now = new Date(), timeoutMs = paymentTimeoutMs()): Promise<number[]> {
  const cutoff = new Date(now.getTime() - timeoutMs).toISOString();
  const stale = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('created_at', '<', cutoff)
    // A kiosk code holds its order's stock until the code expires (KIOSK_PAYMENT_HOURS), not the card timeout.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.order_id', '=', 'orders.id')
            .where('payments.status', '=', 'pending')
            .where('payments.expires_at', '>', now.toISOString()),
        ),
      ),
    )
    .orderBy('id')
    .limit(500)
    .execute();
  const released: number[] = [];
  for (const { id } of stale) if (await releaseUnpaidOrder(db, id, 'payment-timeout')) released.push(id);
  return released;
}

/**
 * Runs the release once a minute in this process (every instance may; see above). Started and stopped by
 * src/app/background-jobs.ts; returns what stops it.
 */
export function watchAbandonedPayments(db: ShopDb): () => void {
  // One log line per run (src/server/observability/job-run.ts) names the orders it released.
  const run = () =>
    void runJob(
      'payment-release',
      async () => ({ released: await releaseAbandonedPayments(db) }),
      ({ released }) => released.length === 0,
    );
  const timer = setInterval(run, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
