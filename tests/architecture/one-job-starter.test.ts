import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

/**
 * One place starts background jobs (issue 33): `src/app/background-jobs.ts` alone starts the jobs (all ten of its
 * table) and stops them; `scripts/start.mjs` alone calls it. A timer job started anywhere else (the middleware, the HTTP
 * server, a page) fails here.
 */
const JOB_STARTERS = [
  'watchCatalog',
  'watchAbandonedPayments',
  'watchPendingPayments',
  'watchReconciliationReport',
  'watchAbandonedUploads',
  'watchMessageOutbox',
  'scheduleContent',
  'watchSellerReleases',
  'scheduleBackups',
  'watchRatingRequests',
  'watchOrderSummaries',
];
const JOBS = new RegExp(`\\b(${JOB_STARTERS.join('|')})\\s*\\(`);
const STARTER = /\bstartBackgroundJobs\s*\(/;
const OWNER = 'src/app/background-jobs.ts';
const CALLER = 'scripts/start.mjs';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Where jobs are started outside their owner, and where the owner is called outside the one caller. */
export function strayStarts(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([path, text]) => {
    // The job modules define their own function (`export function watchCatalog(`): a definition is not a start.
    const calls = text.replace(/function\s+\w+\s*\(/g, '');
    const found: string[] = [];
    const job = JOBS.exec(calls);
    if (job && path !== OWNER) found.push(`${path}: ${job[1]}(`);
    if (STARTER.test(calls) && path !== CALLER) found.push(`${path}: startBackgroundJobs(`);
    return found;
  });
}

const codeFiles = (): Record<string, string> =>
  Object.fromEntries(
    ['src', 'scripts'].flatMap(filesUnder).map((file) => [relative('.', file).replaceAll('\\', '/'), readFileSync(file, 'utf8')]),
  );

test('background jobs start in src/app/background-jobs.ts, called from scripts/start.mjs only', () => {
  const files = codeFiles();
  expect(strayStarts(files)).toEqual([]);
  expect(files[CALLER]).toMatch(STARTER);
  expect(files['src/server/http/server.ts']).toMatch(/stopBackgroundJobs\(\)/);
});

test('the list names every job the owner starts (issue 48: nine, not four)', () => {
  const owner = readFileSync(OWNER, 'utf8');
  // Each entry of startBackgroundJobs' list: `['name', () => watchSomething(…)]`.
  const started = [...owner.matchAll(/\(\)\s*=>\s*(\w+)\s*\(/g)].map((m) => m[1]);
  expect(started.sort()).toEqual([...JOB_STARTERS].sort());
});

test('the check fires on a job started in the middleware and on a second caller', () => {
  const planted = {
    ...codeFiles(),
    'src/middleware.ts': `started ??= sharedDatabase().then(({ db }) => { watchAbandonedPayments(db); });`,
    'src/server/http/server.ts': `startBackgroundJobs(db, { databaseUrl: undefined, contentSchedule: true });`,
    'src/pages/[locale]/admin/index.astro': `watchSellerReleases(db);`,
    'src/server/ops/backup/cli.ts': `const stop = scheduleBackups(6);`,
  };
  expect(strayStarts(planted).sort()).toEqual([
    'src/middleware.ts: watchAbandonedPayments(',
    'src/pages/[locale]/admin/index.astro: watchSellerReleases(',
    'src/server/http/server.ts: startBackgroundJobs(',
    'src/server/ops/backup/cli.ts: scheduleBackups(',
  ]);
});
