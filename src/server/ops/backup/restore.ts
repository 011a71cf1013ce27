import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../db/index.ts';
import { restoreJournalPath, serversUsing } from '../database-users.ts';
import { lockHolder, processAlive } from '../pid-lock.ts';
import { BackupProofFailed, verifyBackup } from './proof.ts';
import { checkDatabaseCopy, DATABASE_FILE, listBackups, readManifest, UPLOADS_FOLDER, type BackupManifest } from './manifest.ts';

export interface RestoreOptions {
  /** A backup folder's path, its name under `backupDir`, or `latest`. */
  backup: string;
  sqlitePath: string;
  uploadsDir: string;
  backupDir: string;
  /** BACKUP_KEY: the backup's checksums and their signature are verified under it before anything moves. */
  key: string | undefined;
  /** Restore a backup from before checksums were recorded (format 1), which cannot prove it is unchanged. */
  trustUnsigned?: boolean;
  /** Stop the servers using the database (SIGTERM, then wait for them to finish) instead of refusing. */
  stopServers?: boolean;
  /** How long stopped servers get to finish their requests. */
  stopTimeoutMs?: number;
  log?: (line: string) => void;
  /**
   * Starts the shop on the restored files and throws unless it answers (the CLI serves the build and asks /api/health;
   * tests start the API). Before it runs, the restored database has passed its integrity check, held every row its
   * manifest lists and been migrated.
   */
  answers?: () => Promise<void>;
}

/** A refusal that changed nothing: the message says why and what to do. */
export class RestoreRefused extends Error {}

/** The database files SQLite keeps together: all three move as one. */
const databaseFiles = (sqlitePath: string) => [sqlitePath, `${sqlitePath}-wal`, `${sqlitePath}-shm`];

/** What a restore wrote down before it moved anything: enough to put every file back. */
interface Journal {
  pid: number;
  backup: string;
  stamp: string;
  uploadsDir: string;
  /** `waiting`: servers are being stopped, nothing has moved; `moving`: the aside list is final and files move. */
  phase: 'waiting' | 'moving';
  /** Each live file or folder, and where it was put aside (absent files have no entry). */
  aside: { live: string; aside: string }[];
}

/** Finds the backup the operator named. */
export function resolveBackup(name: string, backupDir: string): string {
  if (name === 'latest') {
    const newest = listBackups(backupDir).at(-1);
    if (!newest) throw new RestoreRefused(`No backups in ${backupDir}.`);
    return newest.path;
  }
  for (const candidate of [resolve(name), join(backupDir, name)])
    if (existsSync(join(candidate, 'manifest.json'))) return candidate;
  throw new RestoreRefused(`No backup at ${name} (a folder with manifest.json, its name in ${backupDir}, or "latest").`);
}

/**
 * Puts a backup back (issue 36). Never half-happens: the backup is checked before anything moves (its signed
 * checksums, issue 50, then SQLite's integrity check and the rows); the live database
 * files and uploads are renamed aside (a journal beside the database says where) and the backup's copied in under
 * temporary names and renamed into place; then they are checked again (integrity, every counted table as the manifest
 * says, migrations) and the shop is started on them and must answer (`answers`). Only then are the files aside removed. Any failure,
 * including the check, puts the aside files back; a restore killed midway is undone by `undoInterruptedRestore`
 * (`npm run restore -- --undo`, and the next restore does it first), and no server starts while the journal exists.
 */
export async function restoreBackup(options: RestoreOptions): Promise<{ backup: string; manifest: BackupManifest }> {
  const log = options.log ?? (() => undefined);
  const folder = resolveBackup(options.backup, options.backupDir);
  const manifest = readManifest(folder);
  if (!(options.trustUnsigned && manifest.format === 1))
    try {
      await verifyBackup(folder, manifest, options.key);
    } catch (error) {
      if (!(error instanceof BackupProofFailed)) throw error;
      throw new RestoreRefused(`The backup ${folder} does not prove itself: ${error.message} Nothing was changed.`);
    }
  const copy = join(folder, DATABASE_FILE);
  let counts: Record<string, number>;
  try {
    counts = checkDatabaseCopy(copy);
  } catch (error) {
    throw new RestoreRefused(`The backup ${folder} is damaged (${(error as Error).message}); nothing was changed.`);
  }
  if (JSON.stringify(counts) !== JSON.stringify(manifest.counts))
    throw new RestoreRefused(`The backup ${folder} does not hold the rows its manifest lists; nothing was changed.`);

  undoInterruptedRestore(options.sqlitePath, log);
  const journalPath = restoreJournalPath(options.sqlitePath);
  const stamp = `${Date.now()}`;
  const journal: Journal = {
    pid: process.pid,
    backup: folder,
    stamp,
    uploadsDir: options.uploadsDir,
    phase: 'waiting',
    aside: [],
  };
  // The journal first (exclusively: one restore at a time), then the servers: see announceServer.
  try {
    writeFileSync(journalPath, JSON.stringify(journal), { flag: 'wx' });
  } catch {
    throw new RestoreRefused(`Another restore is running (${journalPath}).`);
  }
  try {
    await stopServers(options, log);
  } catch (error) {
    rmSync(journalPath, { force: true });
    throw error;
  }

  const live = [...databaseFiles(options.sqlitePath), options.uploadsDir];
  journal.phase = 'moving';
  journal.aside = live
    .filter((path) => existsSync(path))
    .map((path) => ({ live: path, aside: `${path}.before-restore-${stamp}` }));
  writeFileSync(journalPath, JSON.stringify(journal));
  try {
    for (const { live: path, aside } of journal.aside) renameSync(path, aside);
    const incoming = `.restoring-${stamp}`;
    copyFileSync(copy, `${options.sqlitePath}${incoming}`);
    await cp(join(folder, UPLOADS_FOLDER), `${options.uploadsDir}${incoming}`, { recursive: true });
    renameSync(`${options.uploadsDir}${incoming}`, options.uploadsDir);
    renameSync(`${options.sqlitePath}${incoming}`, options.sqlitePath);
    await restoredWhole(options.sqlitePath, manifest);
    await options.answers?.();
  } catch (error) {
    putBack(options.sqlitePath, journal, log);
    rmSync(journalPath, { force: true });
    throw error;
  }
  for (const { aside } of journal.aside) rmSync(aside, { recursive: true, force: true });
  rmSync(journalPath, { force: true });
  return { backup: folder, manifest };
}

/** The servers using the database: refused, or stopped and waited for with `stopServers`. */
async function stopServers(options: RestoreOptions, log: (line: string) => void): Promise<void> {
  const pids = serversUsing(options.sqlitePath);
  if (!pids.length) return;
  if (!options.stopServers)
    throw new RestoreRefused(
      `A server uses ${options.sqlitePath} (pid ${pids.join(', ')}): stop it first, or pass --stop-server. Nothing was changed.`,
    );
  for (const pid of pids) {
    log(`Stopping the server (pid ${pid})…`);
    process.kill(pid, 'SIGTERM');
  }
  const deadline = Date.now() + (options.stopTimeoutMs ?? 30_000);
  while (pids.some(processAlive)) {
    if (Date.now() > deadline)
      throw new RestoreRefused(`The server (pid ${pids.filter(processAlive).join(', ')}) did not stop; nothing was changed.`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * The restored files as a server finds them: whole, every counted table as the manifest lists it, and migrated (a
 * backup from an older release is brought forward as a start would).
 */
async function restoredWhole(sqlitePath: string, manifest: BackupManifest): Promise<void> {
  const counts = checkDatabaseCopy(sqlitePath);
  for (const [table, expected] of Object.entries(manifest.counts))
    if (counts[table] !== expected) throw new Error(`the restored ${table} has ${counts[table]} rows, the backup ${expected}`);
  const { db } = await openDatabase({ sqlitePath, seed: false });
  await db.destroy();
}

/**
 * Undoes a restore from its journal: every live path that was put aside gets its previous content back, and a path
 * that did not exist before loses what the restore put there. A path still live whose aside name is absent was never
 * moved (the restore stopped before it) and stays.
 */
function putBack(sqlitePath: string, journal: Journal, log: (line: string) => void): void {
  if (journal.phase !== 'moving') return;
  for (const path of [...databaseFiles(sqlitePath), journal.uploadsDir]) {
    const moved = journal.aside.find((a) => a.live === path);
    if (moved && !existsSync(moved.aside)) continue;
    rmSync(path, { recursive: true, force: true });
    if (moved) renameSync(moved.aside, path);
  }
  for (const path of [sqlitePath, journal.uploadsDir])
    rmSync(`${path}.restoring-${journal.stamp}`, { recursive: true, force: true });
  log('The restore was undone: the previous database and uploads are back in place.');
}

/**
 * A restore that was killed midway (its journal is there, its process is not): puts the previous files back. Returns
 * whether there was one.
 */
export function undoInterruptedRestore(sqlitePath: string, log: (line: string) => void = () => undefined): boolean {
  const journalPath = restoreJournalPath(sqlitePath);
  if (!existsSync(journalPath)) return false;
  const journal = lockHolder(journalPath) as unknown as Journal | undefined;
  if (journal && processAlive(journal.pid) && journal.pid !== process.pid)
    throw new RestoreRefused(`Another restore is running (pid ${journal.pid}).`);
  if (journal) putBack(sqlitePath, journal, log);
  rmSync(journalPath, { force: true });
  return true;
}

/** The journal file, read (for tests and the CLI's messages). */
export const readJournal = (sqlitePath: string): Journal | undefined =>
  existsSync(restoreJournalPath(sqlitePath))
    ? (JSON.parse(readFileSync(restoreJournalPath(sqlitePath), 'utf8')) as Journal)
    : undefined;
