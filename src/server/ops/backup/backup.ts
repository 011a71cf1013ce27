import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { tryLock } from '../pid-lock.ts';
import {
  checkDatabaseCopy,
  DATABASE_FILE,
  folderNameAt,
  listBackups,
  MANIFEST_FILE,
  UPLOADS_FOLDER,
  type BackupManifest,
} from './manifest.ts';
import { checksumsOf, signManifest } from './proof.ts';

export interface BackupOptions {
  /** The live embedded database (DATABASE_PATH). */
  sqlitePath: string;
  /** The live uploads (UPLOADS_DIR): partner documents, product photos. */
  uploadsDir: string;
  /** Where backups go (BACKUP_DIR), one folder each. */
  backupDir: string;
  /** Finished backups kept (BACKUP_KEEP): older ones are removed after a backup succeeds. */
  keep: number;
  /** BACKUP_KEY: signs the manifest's checksums (src/server/ops/backup/proof.ts); no key, no backup. */
  key: string | undefined;
}

export class BackupBusy extends Error {}

const PARTIAL = '.partial-';
export const backupLockPath = (backupDir: string): string => join(backupDir, '.backup.lock');

/**
 * A backup of the embedded database and the uploads while the shop serves (issue 36), into `<backupDir>/<time>/`.
 *
 * The database is copied with `VACUUM INTO` on a connection of its own (decision 028): one read transaction in WAL mode, so the copy
 * is the database as it stood at one instant (a consistent snapshot), servers keep writing meanwhile, and the copy is
 * compact. Uploads are never rewritten in place (random or content-hash names, written whole then renamed), so
 * copying the folder after the snapshot holds every file the snapshot names. Everything is written into a
 * `.partial-` folder that becomes the backup only once checked (`integrity_check`, row counts) and described
 * (manifest.json, with a SHA-256 of every file signed under BACKUP_KEY: proof.ts): a crash or a failed check leaves no folder that looks like a backup. One backup at a time (a lock
 * file in `backupDir`); the oldest beyond `keep` are removed after a success.
 */
export async function takeBackup(
  options: BackupOptions,
  now = () => new Date(),
): Promise<{ path: string; manifest: BackupManifest }> {
  if (!existsSync(options.sqlitePath)) throw new Error(`No database at ${options.sqlitePath} to back up.`);
  if (!options.key) throw new Error('BACKUP_KEY is not set: a backup is signed with it, and a restore verifies it (README).');
  const key = options.key;
  mkdirSync(options.backupDir, { recursive: true });
  const lock = tryLock(backupLockPath(options.backupDir), 'backup');
  if ('heldBy' in lock) throw new BackupBusy(`Another backup is running (pid ${lock.heldBy.pid}, since ${lock.heldBy.since}).`);
  try {
    removeLeftovers(options.backupDir);
    const started = now();
    const name = folderNameAt(started);
    const partial = join(options.backupDir, `${PARTIAL}${name}`);
    mkdirSync(partial);
    try {
      const databaseCopy = join(partial, DATABASE_FILE);
      const clock = stopwatch();
      const takenAt = snapshot(options.sqlitePath, databaseCopy, now);
      const snapshotMs = clock();
      const uploads = await copyUploads(options.uploadsDir, join(partial, UPLOADS_FOLDER));
      const uploadsMs = clock();
      const counts = checkDatabaseCopy(databaseCopy);
      const checkMs = clock();
      const files = await checksumsOf(partial);
      const unsigned: BackupManifest = {
        format: 2,
        takenAt: takenAt.toISOString(),
        finishedAt: now().toISOString(),
        database: { file: DATABASE_FILE, bytes: statSync(databaseCopy).size, integrity: 'ok' },
        uploads: { folder: UPLOADS_FOLDER, ...uploads },
        counts,
        durationsMs: { snapshot: snapshotMs, uploads: uploadsMs, check: checkMs },
        files,
      };
      const manifest: BackupManifest = { ...unsigned, signature: signManifest(unsigned, key) };
      writeFileSync(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      const path = join(options.backupDir, name);
      renameSync(partial, path);
      prune(options.backupDir, options.keep);
      return { path, manifest };
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      throw error;
    }
  } finally {
    lock.release();
  }
}

/** Milliseconds since the previous call (or the start). */
function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const at = performance.now();
    const elapsed = Math.round(at - last);
    last = at;
    return elapsed;
  };
}

/** The consistent copy; returns the instant its read transaction began (the backup's time). */
function snapshot(sqlitePath: string, target: string, now: () => Date): Date {
  const source = new SQLite(sqlitePath, { fileMustExist: true });
  try {
    // A writer's moment of exclusive lock (a checkpoint) is waited for rather than failed on.
    source.pragma('busy_timeout = 5000');
    const takenAt = now();
    source.prepare('VACUUM INTO ?').run(target);
    return takenAt;
  } finally {
    source.close();
  }
}

/** Copies the uploads folder (an absent one is an empty backup folder); `.part` files are uploads still being written. */
async function copyUploads(from: string, to: string): Promise<{ files: number; bytes: number }> {
  mkdirSync(to, { recursive: true });
  if (existsSync(from)) await cp(from, to, { recursive: true, filter: (source) => !source.endsWith('.part') });
  return folderSize(to);
}

export function folderSize(folder: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** Partial folders left by a backup that died (we hold the lock: nobody else writes one). */
function removeLeftovers(backupDir: string): void {
  for (const name of readdirSync(backupDir))
    if (name.startsWith(PARTIAL)) rmSync(join(backupDir, name), { recursive: true, force: true });
}

function prune(backupDir: string, keep: number): void {
  const backups = listBackups(backupDir);
  for (const old of backups.slice(0, Math.max(0, backups.length - keep))) rmSync(old.path, { recursive: true, force: true });
}
