import { log } from './logger.ts';
import { metrics } from './metrics.ts';

/**
 * One run of a background job (src/app/background-jobs.ts): timed, counted (background_job_runs_total,
 * background_job_duration_seconds) and logged as one line, with what the job reports about its work. A run with
 * nothing to do logs at debug (the catalog check runs every 15 s); a failed one logs its error and never throws.
 */
export async function runJob<T extends Record<string, unknown>>(
  job: string,
  work: () => Promise<T>,
  idle: (result: T) => boolean = () => false,
): Promise<T | undefined> {
  const started = performance.now();
  const { jobRuns, jobSeconds } = metrics();
  try {
    const result = await work();
    const ms = performance.now() - started;
    jobRuns.inc({ job, outcome: 'ok' });
    jobSeconds.observe({ job }, ms / 1000);
    const line: Record<string, unknown> = { job, outcome: 'ok', ms: Math.round(ms), ...result };
    log()[idle(result) ? 'debug' : 'info'](line, 'job');
    return result;
  } catch (error) {
    const ms = performance.now() - started;
    jobRuns.inc({ job, outcome: 'error' });
    jobSeconds.observe({ job }, ms / 1000);
    log().error({ job, outcome: 'error', ms: Math.round(ms), err: error }, 'job');
    return undefined;
  }
}
