import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runningBackgroundJobs, startBackgroundJobs, stopBackgroundJobs } from '../../src/app/background-jobs.ts';
import { freshDatabase } from '../support/test-db.ts';

/** The one owner of the background jobs (issue 33, docs/architecture.md): starts them once, stops them all. */
const { db, drop, url } = await freshDatabase();
// The upload sweep runs at start: on an empty directory of its own, never on a developer's uploads.
const uploads = mkdtempSync(join(tmpdir(), 'jobs-uploads-'));
process.env['UPLOADS_DIR'] = uploads;
afterAll(async () => {
  await stopBackgroundJobs();
  delete process.env['UPLOADS_DIR'];
  rmSync(uploads, { recursive: true, force: true });
  await drop();
});

test('starts every job once per process, the content schedule only when asked, and stops them all', async () => {
  const always = [
    'catalog-watch',
    'payment-release',
    'payment-reconcile',
    'payment-report',
    'upload-sweep',
    'message-outbox',
    'seller-ledger-release',
    'rating-requests',
    'report-summaries',
  ];
  expect(runningBackgroundJobs()).toEqual([]);
  startBackgroundJobs(db, { databaseUrl: url, contentSchedule: false });
  expect(runningBackgroundJobs()).toEqual(always);
  // A second bundle or caller in the same process starts nothing more.
  startBackgroundJobs(db, { databaseUrl: url, contentSchedule: true });
  expect(runningBackgroundJobs()).toEqual(always);
  await stopBackgroundJobs();
  expect(runningBackgroundJobs()).toEqual([]);
  await stopBackgroundJobs();

  startBackgroundJobs(db, { databaseUrl: url, contentSchedule: true });
  expect(runningBackgroundJobs()).toEqual([...always, 'content-schedule']);
  await stopBackgroundJobs();
  expect(runningBackgroundJobs()).toEqual([]);

  // BACKUP_EVERY_HOURS (scripts/start.mjs passes 0 on PostgreSQL): the backup schedule (tests/api/backup-restore.test.ts).
  startBackgroundJobs(db, { databaseUrl: url, contentSchedule: false, backupEveryHours: 24 });
  expect(runningBackgroundJobs()).toEqual([...always, 'backup']);
  await stopBackgroundJobs();
  expect(runningBackgroundJobs()).toEqual([]);
});
