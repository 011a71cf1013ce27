import { existsSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './pid-lock.ts';

/**
 * Who uses the embedded database file, so `npm run restore` never swaps it under a serving shop: every server started
 * by `npm start` writes its pid into `<DATABASE_PATH>.servers/` and removes it when it exits; a pid whose process is
 * gone (kill -9) is ignored. A restore under way (or interrupted) leaves its journal beside the database, and a server
 * does not start on files a restore is changing.
 */
export const serversFolder = (sqlitePath: string): string => `${sqlitePath}.servers`;
/** Written by a restore before it moves anything, removed when it has finished or undone its work. */
export const restoreJournalPath = (sqlitePath: string): string => `${sqlitePath}.restore.json`;

/** The pids of the live servers using this database file. */
export function serversUsing(sqlitePath: string): number[] {
  const folder = serversFolder(sqlitePath);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid));
}

/**
 * Says that this process serves from the database file, until it exits. Throws (and says nothing) while a restore
 * changes the files: the pid is written before the journal is looked at, and a restore writes its journal before it
 * looks at the pids, so of a server starting and a restore starting at once at least one sees the other.
 */
export function announceServer(sqlitePath: string): void {
  const folder = serversFolder(sqlitePath);
  mkdirSync(folder, { recursive: true });
  const mine = join(folder, String(process.pid));
  writeFileSync(mine, new Date().toISOString());
  const withdraw = () => {
    try {
      unlinkSync(mine);
    } catch {
      /* already gone */
    }
  };
  if (existsSync(restoreJournalPath(sqlitePath))) {
    withdraw();
    throw new Error(
      `A restore is changing ${sqlitePath} (or was interrupted): wait for it, or run \`npm run restore -- --undo\` to put the previous files back.`,
    );
  }
  process.on('exit', withdraw);
}
