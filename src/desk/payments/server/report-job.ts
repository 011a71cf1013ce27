import type { ShopDb } from '#server/db/index.ts';
import { runJob } from '#server/observability/job-run.ts';
import { buildReconciliationReport, yesterday } from './reconciliation-report.ts';

/**
 * Builds yesterday's reconciliation report (Cairo's day) once an hour in this process: the first run after midnight
 * builds it, the others find each provider's day claimed and do nothing (every instance may run it). Started and
 * stopped by src/app/background-jobs.ts; returns what stops it.
 */
export function watchReconciliationReport(db: ShopDb, everyMs = 3_600_000): () => void {
  const run = () =>
    void runJob(
      'payment-report',
      async () => {
        const day = yesterday();
        const runs = await buildReconciliationReport(db, day);
        return { day, providers: runs.length, mismatches: runs.reduce((sum, r) => sum + r.mismatches, 0) };
      },
      ({ providers }) => providers === 0,
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
