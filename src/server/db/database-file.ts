import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { Problem } from '../problem.ts';

/**
 * The embedded database the shop opened must stay the file at DATABASE_PATH (issue 50). SQLite keeps writing into a
 * file descriptor: a file deleted, renamed or replaced under a running shop goes on taking orders into an inode nobody
 * will ever open again, and the next start creates an empty database in its place. So the file's identity (device and
 * inode) is kept at open, and before every write statement and on each health probe the path is asked again: the same
 * file, readable and writable by its owner, and still starting with SQLite's header. Once it is not, the database is
 * lost for this process: writes are refused (503 `api.databaseLost`), health answers 503, and the process is told
 * (`onDatabaseLost`) so it can log why and exit for its supervisor (decision 015); it never reopens the path, which
 * would create an empty database.
 */
export interface DatabaseFile {
  path: string;
  dev: number;
  ino: number;
  /** Why the file is no longer the shop's, once it is not (kept: a lost database stays lost for this process). */
  lost: string | undefined;
}

/** SQLite's file header: the first 16 bytes of every database file. */
const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export function rememberDatabaseFile(path: string): DatabaseFile {
  const { dev, ino } = statSync(path);
  return { path, dev, ino, lost: undefined };
}

/** What is wrong with the file at the path, or undefined while it is still the one opened. */
function problemOf(file: DatabaseFile): string | undefined {
  let stat;
  try {
    stat = statSync(file.path);
  } catch {
    return `${file.path} is gone (deleted or renamed)`;
  }
  if (stat.dev !== file.dev || stat.ino !== file.ino) return `${file.path} is another file than the one opened (replaced)`;
  // Root reads a mode-000 file all the same: the mode bits say what the operator meant.
  if ((stat.mode & 0o600) !== 0o600) return `${file.path} is not readable and writable (mode ${(stat.mode & 0o777).toString(8)})`;
  const head = Buffer.alloc(HEADER.length);
  try {
    const fd = openSync(file.path, 'r');
    try {
      readSync(fd, head, 0, HEADER.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return `${file.path} cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`;
  }
  if (!head.equals(HEADER)) return `${file.path} no longer starts with SQLite's header (overwritten)`;
  return undefined;
}

type LostHook = (reason: string) => void;
const hooksKey = Symbol.for('coffee-marketplace.database-lost-hooks');
const registry = globalThis as unknown as Record<symbol, Set<LostHook> | undefined>;
const lostHooks = () => (registry[hooksKey] ??= new Set());

/** Called once when a database file of this process is found lost (scripts/start.mjs logs and exits). */
export function onDatabaseLost(hook: LostHook): () => void {
  lostHooks().add(hook);
  return () => lostHooks().delete(hook);
}

/** Checks the file again; returns why it is lost (and tells the hooks the first time), or undefined. */
export function checkDatabaseFile(file: DatabaseFile): string | undefined {
  if (file.lost) return file.lost;
  const problem = problemOf(file);
  if (problem) {
    file.lost = problem;
    for (const hook of lostHooks()) hook(problem);
  }
  return problem;
}

/** Before a write: refuses it (503, in the requester's language) when the file is lost. */
export function refuseWriteWhenLost(file: DatabaseFile): void {
  if (checkDatabaseFile(file)) throw new Problem(503, 'api.databaseLost', { retryAfter: 30 });
}

/** The files of the databases opened in this process, by their Kysely instance (health asks through it). */
const filesKey = Symbol.for('coffee-marketplace.database-files');
const files = ((globalThis as unknown as Record<symbol, WeakMap<object, DatabaseFile> | undefined>)[filesKey] ??= new WeakMap());
export const registerDatabaseFile = (db: object, file: DatabaseFile): void => void files.set(db, file);
export const databaseFileOf = (db: object): DatabaseFile | undefined => files.get(db);
