import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import { openDatabase } from '../../src/server/db/index.ts';
import { apiClient } from './test-db.ts';

/** The operator's backup key in these tests (BACKUP_KEY). */
export const BACKUP_KEY = 'a-test-backup-key-that-the-operator-keeps';

/**
 * A shop on an embedded database file of its own (backups copy a file, not a database in memory), its uploads in a
 * folder of its own (UPLOADS_DIR) and its backups in another (BACKUP_DIR): the backup and restore tests.
 */
export async function shopOnFile() {
  const root = mkdtempSync(join(tmpdir(), 'backup-drill-'));
  const where = {
    sqlitePath: join(root, 'shop.sqlite'),
    uploadsDir: join(root, 'uploads'),
    backupDir: join(root, 'backups'),
    key: BACKUP_KEY,
  };
  process.env['UPLOADS_DIR'] = where.uploadsDir;
  process.env['BACKUP_DIR'] = where.backupDir;
  const { db } = await openDatabase({ sqlitePath: where.sqlitePath });
  const client = apiClient(db);
  const remove = () => {
    delete process.env['UPLOADS_DIR'];
    delete process.env['BACKUP_DIR'];
    rmSync(root, { recursive: true, force: true });
  };
  return { ...client, db, root, where, remove };
}

/**
 * A test file's shop on a file (undefined on PostgreSQL, where these tests are skipped), closed and removed after the
 * file's tests.
 */
export async function useShopOnFile() {
  const shop = process.env['DATABASE_URL'] ? undefined : await shopOnFile();
  afterAll(async () => {
    await shop?.db.destroy();
    shop?.remove();
  });
  return shop;
}

/**
 * `npm run backup`'s script in a process of its own (as an operator or the schedule runs it), on these files, so the
 * shop in the test process keeps serving while the copy is taken. Resolves with its exit code and output.
 */
export function backupInChild(where: { sqlitePath: string; uploadsDir: string; backupDir: string; key: string }, keep = 7) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(process.execPath, ['scripts/backup.mjs'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATABASE_PATH: where.sqlitePath,
        UPLOADS_DIR: where.uploadsDir,
        BACKUP_DIR: where.backupDir,
        BACKUP_KEEP: String(keep),
        BACKUP_KEY: where.key,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', (code) => done({ code, output }));
  });
}

/** A photo's bytes (a plain JPEG of one colour), for the desk's upload route. */
export const photo = (background: string, width = 700, height = 500) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
