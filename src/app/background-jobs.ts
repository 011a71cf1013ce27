import type { ShopDb } from '#server/db/index.ts';
import { scheduleContent } from '#desk/content/server/schedule.ts';
import { watchAbandonedPayments } from '#server/payments/release-abandoned.ts';
import { watchPendingPayments } from '#server/payments/reconcile.ts';
import { watchReconciliationReport } from '#desk/payments/server/report-job.ts';
import { watchCatalog } from '#server/services/catalog/catalog-watch.ts';
import { watchAbandonedUploads } from '#server/uploads/quota.ts';
import { watchMessageOutbox } from '#server/messaging/outbox.ts';
import { onShutdown } from '#server/lifecycle.ts';
import { scheduleBackups } from '#server/ops/backup/schedule.ts';
import { watchSellerReleases } from '#core/seller-ledger/server/release.ts';
import { watchRatingRequests } from '#server/services/reviews/rating-requests.ts';
import { watchOrderSummaries } from '#core/reports/server/summary-catch-up.ts';

/**
 * The one owner of the shop's background jobs (issue 33): what runs on a timer in a serving process. It starts them
 * all, once per process, and stops them all; `scripts/start.mjs` (`npm start`) is the one caller of
 * startBackgroundJobs, and stopGracefully (src/server/http/server.ts) stops them before the database closes.
 * Short-lived servers (the publish check, the size budget, Lighthouse) and tests run none.
 *
 * | job | what | every | once across instances (issue 54) |
 * |---|---|---|---|
 * | catalog watch (`watchCatalog`) | the catalog version: a fingerprint check, PostgreSQL LISTEN | CATALOG_CHECK_MS | reads only |
 * | unpaid-order release (`watchAbandonedPayments`) | online orders unpaid after PAYMENT_TIMEOUT_MINUTES give their stock back | 1 min | the conditional cancel (`WHERE status = 'PENDING'`) |
 * | payment reconciliation (`watchPendingPayments`) | payments pending after RECONCILE_AFTER_MINUTES are asked about at their provider; unpaid references of cancelled orders are cancelled there | 1 min | `checked_at` / `cancelled_at` claimed by a conditional update; settling is conditional |
 * | reconciliation report (`watchReconciliationReport`) | yesterday's (Cairo) payments compared with each provider's record, mismatches kept for finance; once per day and provider | 1 h | the (day, provider) run row, inserted or nothing; a run not finished and not heard of for 10 min (its instance died) is taken over, its half-written mismatches dropped (migration 046) |
 * | upload sweep (`watchAbandonedUploads`) | upload halves a crash left behind | 1 h | a delete done twice deletes once |
 * | message outbox (`watchMessageOutbox`) | WhatsApp webhook events stored but not yet taken, then order messages (WhatsApp, SMS) due to be sent, retried with back-off; off with MESSAGING=off | MESSAGE_SEND_MS | `claimed_until` claimed by a conditional update (taken over after MESSAGE_CLAIM_SECONDS from a dead sender) |
 * | content schedule (`scheduleContent`) | scheduled entries and offers publish on their own; only in a server that follows publishes, CONTENT_SCHEDULE≠0 | 1 min | the one running release (a unique index), refused when a release started since the instance's look |
 * | seller releases (`watchSellerReleases`) | delivered lines whose return window (SELLER_RETURN_WINDOW_DAYS) ended move from the seller's pending to available balance (docs/sellers.md › Money) | 15 min | the seller's lock and the release's unique source key |
 * | rating requests (`watchRatingRequests`) | orders delivered RATING_REQUEST_DAYS ago: the shopper is asked to rate what they received (WhatsApp with consent, a notification), once per order (issue 52) | 15 min | the order's `rating_requests` row, in the message's transaction |
 * | report summaries (`watchOrderSummaries`) | new orders counted in the reports' summaries after their checkout, and orders changed before they were counted (decision 039); a sweep from the first order every hour | 1 s | the watermark row's lock; an order counted has a kept contribution, which a second catch-up skips |
 * | backup (`scheduleBackups`) | `npm run backup` as a child process when the newest backup is older than BACKUP_EVERY_HOURS; embedded database only | 10 min | one instance: SQLite |
 */
export interface BackgroundJobOptions {
  /** PostgreSQL: the catalog watch LISTENs on it. */
  databaseUrl: string | undefined;
  /** Run the content schedule (a server that follows publishes, CONTENT_SCHEDULE not 0). */
  contentSchedule: boolean;
  /** Take a backup this often (hours; 0 or unset: never). The embedded database only: PostgreSQL has its own tools. */
  backupEveryHours?: number;
}

type Stop = () => unknown;
// On globalThis: the Astro bundle(s) and the server script are separate module graphs of one process.
const key = Symbol.for('coffee-marketplace.background-jobs');
const store = globalThis as unknown as Record<symbol, { names: string[]; stops: Stop[] } | undefined>;

/** Starts every background job once in this process; a second call while they run does nothing. */
export function startBackgroundJobs(db: ShopDb, options: BackgroundJobOptions): void {
  if (store[key]) return;
  const jobs: [string, () => Stop][] = [
    ['catalog-watch', () => watchCatalog(db, options.databaseUrl)],
    ['payment-release', () => watchAbandonedPayments(db)],
    ['payment-reconcile', () => watchPendingPayments(db)],
    ['payment-report', () => watchReconciliationReport(db)],
    ['upload-sweep', () => watchAbandonedUploads(db)],
    ['message-outbox', () => watchMessageOutbox(db)],
    ['seller-ledger-release', () => watchSellerReleases(db)],
    ['rating-requests', () => watchRatingRequests(db)],
    ['report-summaries', () => watchOrderSummaries(db)],
  ];
  if (options.contentSchedule) jobs.push(['content-schedule', () => scheduleContent(db)]);
  if (options.backupEveryHours) jobs.push(['backup', () => scheduleBackups(options.backupEveryHours!)]);
  store[key] = { names: jobs.map(([name]) => name), stops: jobs.map(([, start]) => start()) };
  onShutdown(stopBackgroundJobs);
}

/** Stops every job this process started (their timers and connections); safe to call when none run. */
export async function stopBackgroundJobs(): Promise<void> {
  const running = store[key];
  store[key] = undefined;
  for (const stop of running?.stops ?? []) await stop();
}

/** The names of the jobs running in this process (for tests and /api/health-style checks). */
export const runningBackgroundJobs = (): readonly string[] => store[key]?.names ?? [];
