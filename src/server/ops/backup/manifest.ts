import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

/** A backup's proof (src/server/ops/backup/proof.ts): a SHA-256 of each file, and the HMAC that signs the manifest. */
export interface BackupProof {
  /** `<path inside the backup, with />`: SHA-256 hex. */
  files: Record<string, string>;
  signature: { algorithm: 'HMAC-SHA256'; keyId: string; value: string };
}

/** What each backup folder holds beside `shop.sqlite` and `uploads/`: written last, so a folder with it is whole. */
export interface BackupManifest extends Partial<BackupProof> {
  /** 2: with `files` (a SHA-256 of each) and their `signature` (src/server/ops/backup/proof.ts); 1: from before. */
  format: 1 | 2;
  /** When the database snapshot began: every write committed before it is in the backup, none after `finishedAt`. */
  takenAt: string;
  finishedAt: string;
  database: { file: typeof DATABASE_FILE; bytes: number; integrity: 'ok' };
  uploads: { folder: typeof UPLOADS_FOLDER; files: number; bytes: number };
  /** Rows per table of COUNTED_TABLES in the copy. */
  counts: Record<string, number>;
  /** Where the time went: the database copy, the uploads copy, the check of the copy. */
  durationsMs: { snapshot: number; uploads: number; check: number };
}

export const DATABASE_FILE = 'shop.sqlite';
export const UPLOADS_FOLDER = 'uploads';
export const MANIFEST_FILE = 'manifest.json';
/** The money and the goods: what an operator checks a backup and a restore by. */
export const COUNTED_TABLES = [
  'orders',
  'order_lines',
  'payments',
  'refunds',
  'wallet_ledger',
  'remittances',
  'stock_movements',
  'products',
  'users',
] as const;

/** A folder name that sorts by time: 2026-11-26T15-30-00-123Z. */
export const folderNameAt = (at: Date): string => at.toISOString().replace(/[:.]/g, '-');
const BACKUP_NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

/** The finished backups in `dir` (folders with a manifest), oldest first. */
export function listBackups(dir: string): { name: string; path: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name) && existsSync(join(dir, name, MANIFEST_FILE)))
    .sort()
    .map((name) => ({ name, path: join(dir, name) }));
}

export function readManifest(folder: string): BackupManifest {
  return JSON.parse(readFileSync(join(folder, MANIFEST_FILE), 'utf8')) as BackupManifest;
}

/**
 * Checks a database copy: SQLite's own integrity check, then the rows of each counted table. Throws when the copy is
 * damaged. Read only: checking a backup never changes it.
 */
export function checkDatabaseCopy(path: string): Record<string, number> {
  const copy = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const problems = copy.pragma('integrity_check') as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0]!.integrity_check !== 'ok')
      throw new Error(`integrity_check: ${problems.map((p) => p.integrity_check).join('; ')}`);
    const tables = new Set(
      (copy.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((t) => t.name),
    );
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES)
      counts[table] = tables.has(table) ? (copy.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n : 0;
    return counts;
  } finally {
    copy.close();
  }
}

/** One line per fact, for the operator: the backup's time, its rows and its files. */
export function describeBackup(manifest: BackupManifest): string[] {
  const rows = Object.entries(manifest.counts).map(([table, n]) => `${table} ${n}`);
  return [
    `  taken at   ${manifest.takenAt} (finished ${manifest.finishedAt})`,
    `  database   ${(manifest.database.bytes / 1024 / 1024).toFixed(1)} MB, integrity_check ${manifest.database.integrity}`,
    `  rows       ${rows.join(', ')}`,
    `  uploads    ${manifest.uploads.files} files, ${(manifest.uploads.bytes / 1024 / 1024).toFixed(1)} MB`,
    `  took       ${manifest.durationsMs.snapshot} ms to copy the database, ${manifest.durationsMs.uploads} ms the uploads, ${manifest.durationsMs.check} ms to check`,
  ];
}
