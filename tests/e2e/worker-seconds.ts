import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints what the journeys cost: the sum of every attempt's duration (worker-seconds, retries included), the number of
 * journeys, and the 25 costliest files. On 2 cores a journey's time is about its CPU, so this is the figure CI time
 * follows (issue 33; docs/benchmarks.md).
 */
export default class WorkerSeconds implements Reporter {
  private readonly byFile = new Map<string, number>();
  private readonly journeys = new Set<string>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = relative(process.cwd(), test.location.file);
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
    this.journeys.add(test.id);
  }

  onEnd() {
    const total = [...this.byFile.values()].reduce((sum, ms) => sum + ms, 0);
    const top = [...this.byFile].sort((a, b) => b[1] - a[1]).slice(0, 25);
    console.log(`\n[journeys] ${this.journeys.size} journeys, ${Math.round(total / 1000)} worker-s`);
    for (const [file, ms] of top) console.log(`[journeys]   ${String(Math.round(ms / 1000)).padStart(5)} s  ${file}`);
  }

  printsToStdio() {
    return false;
  }
}
