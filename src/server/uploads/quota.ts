import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { uploadsDir } from './store.ts';
import { runJob } from '../observability/job-run.ts';

/**
 * Whether `incoming` more bytes fit in the uploads quota (UPLOADS_QUOTA_MB, default 2048). Counted from the
 * database (the files applications keep), so every instance sharing the folder sees the same total.
 */
export async function withinUploadQuota(
  db: ShopDb,
  incoming: number,
  quotaBytes = serverConfig().uploadsQuotaBytes,
): Promise<boolean> {
  const row = await db
    .selectFrom('partner_application_files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .executeTakeFirst();
  return Number(row?.used ?? 0) + incoming <= quotaBytes;
}

/**
 * Removes files in the uploads folder that no application names and that are older than `graceMs`: the halves
 * of writes a crash or a lost connection abandoned (`.part` files, or files whose rows never committed).
 */
export async function sweepAbandonedUploads(
  db: ShopDb,
  dir = uploadsDir(),
  graceMs = 60 * 60_000,
  now = Date.now(),
): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  if (!names.length) return [];
  const kept = new Set(
    (await db.selectFrom('partner_application_files').select('stored_name').execute()).map((row) => row.stored_name),
  );
  const removed: string[] = [];
  for (const name of names) {
    if (kept.has(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || now - info.mtimeMs < graceMs) continue;
    await unlink(path).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}

/** Sweeps once at start and then every hour in this process (src/server/background-jobs.ts); returns what stops it. */
export function watchAbandonedUploads(db: ShopDb): () => void {
  const run = () =>
    void runJob(
      'upload-sweep',
      async () => ({ removed: (await sweepAbandonedUploads(db)).length }),
      ({ removed }) => removed === 0,
    );
  run();
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
