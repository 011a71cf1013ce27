import { serverConfig } from '../config.ts';
import type { ShopDb } from '../db/index.ts';
import { runJob } from '../observability/job-run.ts';
import type { ObjectStore } from './object-store.ts';
import { uploadStore } from './upload-store.ts';

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
 * Removes the objects at the top of the store (where partner documents go) that no application names and that are
 * older than `graceMs`: the halves of writes a crash or a lost connection abandoned (`.part` files on a disk, or files
 * whose rows never committed). Photos and avatars live in folders of their own and are never swept.
 */
export async function sweepAbandonedUploads(
  db: ShopDb,
  store: ObjectStore = uploadStore(),
  graceMs = 60 * 60_000,
  now = Date.now(),
): Promise<string[]> {
  const objects = await store.list('');
  if (!objects.length) return [];
  const kept = new Set(
    (await db.selectFrom('partner_application_files').select('stored_name').execute()).map((row) => row.stored_name),
  );
  const removed: string[] = [];
  for (const object of objects) {
    if (kept.has(object.key) || now - object.modified.getTime() < graceMs) continue;
    await store.delete(object.key).catch(() => undefined);
    removed.push(object.key);
  }
  return removed;
}

/** Sweeps once at start and then every hour in this process (src/app/background-jobs.ts); returns what stops it. */
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
