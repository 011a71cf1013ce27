import { existsSync } from 'node:fs';
import { listBackups } from './manifest.ts';

/**
 * A start that finds no database file where backups exist (issue 50): the file was lost (deleted, moved, a volume not
 * mounted), and opening the path would create an empty database in its place, a shop that takes orders with no
 * catalog, no customers and no history. So the start is refused and says what to do, unless the operator says to begin
 * empty (START_EMPTY=1). A new shop (no backups yet) starts as before.
 */
export function lostDatabaseAtStart(where: { sqlitePath: string; backupDir: string; startEmpty: boolean }): string | undefined {
  if (where.startEmpty || existsSync(where.sqlitePath)) return undefined;
  const backups = listBackups(where.backupDir);
  if (!backups.length) return undefined;
  return (
    `No database at ${where.sqlitePath}, but ${where.backupDir} holds ${backups.length} backup(s) (newest ${backups.at(-1)!.name}): ` +
    'the database was lost. Restore one (npm run restore -- latest), or start with START_EMPTY=1 to begin with an empty database.'
  );
}
