import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { BackupBusy, backupLockPath, takeBackup } from '../../src/server/ops/backup/backup.ts';
import { checkDatabaseCopy, listBackups, readManifest } from '../../src/server/ops/backup/manifest.ts';
import { restoreBackup, RestoreRefused, undoInterruptedRestore } from '../../src/server/ops/backup/restore.ts';
import { backupDue, scheduleBackups } from '../../src/server/ops/backup/schedule.ts';
import { announceServer, restoreJournalPath } from '../../src/server/ops/database-users.ts';
import { tryLock } from '../../src/server/ops/pid-lock.ts';
import { backupInChild, shopOnFile } from '../support/backups.ts';
import { makeAddress, makeProduct, placeOrder } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';

/**
 * Issue 36: what a backup promises under concurrent checkouts, and what a restore refuses and undoes. The drill
 * itself (a whole shop deleted and brought back) is backup-drill.test.ts. The embedded database only.
 */
const onPostgres = Boolean(process.env['DATABASE_URL']);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

const shop = onPostgres ? undefined : await shopOnFile();
afterAll(async () => {
  await shop?.db.destroy();
  shop?.remove();
});

/** A process of its own running `code` (an ES module importing the project's TypeScript), resolved once it prints `ready`. */
function processRunning(code: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ready, failed) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready(child));
    child.on('exit', (code) => failed(new Error(`exited ${code} before it was ready`)));
  });
}
const exited = (child: ChildProcess) =>
  new Promise((done) => (child.exitCode !== null ? done(child.exitCode) : child.on('exit', done)));

/** A row the backups do not have: whether it is there tells whose files the database is. */
const markAfterBackup = () =>
  shop!.db
    .insertInto('newsletter_subscribers')
    .values({ email: `after-${Date.now()}@example.com`, locale: 'en', created_at: new Date().toISOString() })
    .execute();
const markerThere = async () =>
  (await shop!.db.selectFrom('newsletter_subscribers').select('email').where('email', 'like', 'after-%').execute()).length > 0;

describe.skipIf(onPostgres)('backups and restores of the embedded database', () => {
  test('a backup taken during 30 concurrent checkouts is consistent: integrity ok, stock + sold = start in the copy', async () => {
    const { db, json, where } = shop!;
    const START = 100_000;
    const beans = await makeProduct(db, { price: 15000, stock: START, before_discount: null });
    const shoppers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const shopper = await makeShopper(db);
        return { ...shopper, addressId: (await makeAddress(db, shopper.id)).id };
      }),
    );
    let checkingOut = true;
    let placed = 0;
    const checkouts = shoppers.map(async (who) => {
      while (checkingOut) {
        await new Promise((resolve) => setImmediate(resolve));
        const answer = await placeOrder(json, who, beans, { address_id: who.addressId, quantity: 1 + (placed % 3) });
        expect(answer.status).toBe(201);
        placed += 1;
      }
    });
    const backup = await backupInChild(where);
    checkingOut = false;
    await Promise.all(checkouts);
    expect(backup.code, backup.output).toBe(0);

    const copy = join(listBackups(where.backupDir).at(-1)!.path, 'shop.sqlite');
    expect(checkDatabaseCopy(copy)).toEqual(readManifest(dirname(copy)).counts);
    const snapshot = new SQLite(copy, { readonly: true });
    const { stock } = snapshot.prepare('SELECT stock FROM products WHERE id = ?').get(beans) as { stock: number };
    const { sold } = snapshot
      .prepare(
        `SELECT coalesce(sum(l.quantity), 0) AS sold FROM order_lines l JOIN orders o ON o.id = l.order_id
         WHERE l.product_id = ? AND o.status != 'CANCELED'`,
      )
      .get(beans) as { sold: number };
    snapshot.close();
    expect(stock + sold).toBe(START);
    // Taken in the middle of the checkouts: some were in it, some came after.
    expect(sold).toBeGreaterThan(0);
    expect(placed).toBeGreaterThan(0);
    // A child process takes the backup: its start alone took 15-20 s on a machine at load 20.
  }, 60_000);

  test('one backup at a time; the last BACKUP_KEEP are kept', async () => {
    const { where } = shop!;
    const lock = tryLock(backupLockPath(where.backupDir), 'a test holding the lock');
    expect('release' in lock).toBe(true);
    await expect(takeBackup({ ...where, keep: 2 })).rejects.toThrow(BackupBusy);
    if ('release' in lock) lock.release();
    for (let i = 0; i < 3; i++) await takeBackup({ ...where, keep: 2 });
    expect(listBackups(where.backupDir)).toHaveLength(2);
    // No partial folder is left to look like a backup.
    expect(readdirSync(where.backupDir).filter((name) => !name.startsWith('.'))).toHaveLength(2);
  });

  test('a restore refuses while a server uses the database, and with --stop-server stops it first', async () => {
    const { where } = shop!;
    await takeBackup({ ...where, keep: 7 });
    await markAfterBackup();
    const server = await processRunning(
      `import { announceServer } from './src/server/ops/database-users.ts';
       announceServer(${JSON.stringify(where.sqlitePath)});
       process.on('SIGTERM', () => process.exit(0));
       setInterval(() => undefined, 1000);
       console.log('ready');`,
    );
    await expect(restoreBackup({ ...where, backup: 'latest' })).rejects.toThrow(
      new RegExp(`A server uses .* \\(pid ${server.pid}\\).*--stop-server. Nothing was changed`),
    );
    expect(await markerThere()).toBe(true);
    expect(existsSync(restoreJournalPath(where.sqlitePath))).toBe(false);

    await shop!.db.destroy();
    const restored = await restoreBackup({ ...where, backup: 'latest', stopServers: true });
    expect(await exited(server)).toBe(0);
    expect(restored.manifest.counts.orders).toBeGreaterThan(0);
    await reopen();
    expect(await markerThere()).toBe(false);
  });

  test('a restore whose shop does not answer puts the previous files back; a damaged backup is refused', async () => {
    const { where } = shop!;
    await markAfterBackup();
    writeFileSync(join(where.uploadsDir, 'after-backup.pdf'), '%PDF-1.4 after');
    await shop!.db.destroy();
    await expect(
      restoreBackup({
        ...where,
        backup: 'latest',
        answers: () => Promise.reject(new Error('the restored shop did not answer')),
      }),
    ).rejects.toThrow('the restored shop did not answer');
    await reopen();
    expect(await markerThere()).toBe(true);
    expect(readFileSync(join(where.uploadsDir, 'after-backup.pdf'), 'utf8')).toBe('%PDF-1.4 after');
    expect(readdirSync(dirname(where.sqlitePath)).filter((name) => /before-restore|restoring|restore\.json/.test(name))).toEqual(
      [],
    );

    // A backup whose database is damaged is refused before anything moves.
    const latest = listBackups(where.backupDir).at(-1)!.path;
    const file = join(latest, 'shop.sqlite');
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096 * 2, 4096 * 6);
    writeFileSync(file, bytes);
    await expect(restoreBackup({ ...where, backup: latest })).rejects.toThrow(RestoreRefused);
    expect(await markerThere()).toBe(true);
  });

  test('a restore killed midway: no server starts on its files, and --undo puts the previous files back', async () => {
    const { where } = shop!;
    await takeBackup({ ...where, keep: 7 });
    await markAfterBackup();
    await shop!.db.destroy();
    const restore = await processRunning(
      `import { restoreBackup } from './src/server/ops/backup/restore.ts';
       await restoreBackup({ ...${JSON.stringify(where)}, backup: 'latest', answers: () => { console.log('ready'); return new Promise(() => undefined); } });`,
    );
    restore.kill('SIGKILL');
    await exited(restore);
    expect(() => announceServer(where.sqlitePath)).toThrow(/A restore is changing .* `npm run restore -- --undo`/);
    expect(undoInterruptedRestore(where.sqlitePath)).toBe(true);
    await reopen();
    expect(await markerThere()).toBe(true);
    expect(existsSync(restoreJournalPath(where.sqlitePath))).toBe(false);
  });

  test('the schedule takes a backup when the newest is older than BACKUP_EVERY_HOURS, in a process of its own', async () => {
    const { where } = shop!;
    process.env['DATABASE_PATH'] = where.sqlitePath;
    const before = listBackups(where.backupDir).length;
    const hour = 60 * 60_000;
    expect(backupDue(where.backupDir, hour, new Date())).toBe(false);
    const stop = scheduleBackups(0.5 / 60 / 60, 50);
    try {
      await vi.waitFor(() => expect(listBackups(where.backupDir).length).toBeGreaterThan(before), {
        timeout: 15_000,
        interval: 100,
      });
    } finally {
      stop();
      delete process.env['DATABASE_PATH'];
    }
    expect(backupDue(where.backupDir, hour, new Date())).toBe(false);
    expect(backupDue(where.backupDir, hour, new Date(Date.now() + hour))).toBe(true);
  });
});

/** The test's shop again, on whatever files are in place now. */
async function reopen() {
  const { openDatabase } = await import('../../src/server/db/index.ts');
  shop!.db = (await openDatabase({ sqlitePath: shop!.where.sqlitePath, seed: false })).db;
}
