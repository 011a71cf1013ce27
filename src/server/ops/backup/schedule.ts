import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverConfig } from '../../config.ts';
import { log } from '../../observability/logger.ts';
import { listBackups, readManifest } from './manifest.ts';

const BACKUP_SCRIPT = fileURLToPath(new URL('../../../../scripts/backup.mjs', import.meta.url));
/** The script's exit code when another backup holds the lock (scripts/backup.mjs). */
const BUSY = 3;

/** Whether the newest finished backup in `dir` is older than `everyMs` (or there is none). */
export function backupDue(dir: string, everyMs: number, now: Date): boolean {
  const newest = listBackups(dir).at(-1);
  if (!newest) return true;
  return now.getTime() - Date.parse(readManifest(newest.path).takenAt) >= everyMs;
}

/**
 * The scheduled backup (BACKUP_EVERY_HOURS, a background job of src/app/background-jobs.ts): every few minutes
 * the instance looks at the newest backup in BACKUP_DIR and, when it is older than the period, runs `npm run backup`'s
 * script as a child process, so the copy never holds up this process's requests. One at a time across instances:
 * the script takes the backup folder's lock (a second instance's child exits as busy), and the next instance to look
 * finds a fresh backup and takes none, so several instances still make one backup per period.
 */
export function scheduleBackups(everyHours: number, checkEveryMs = 10 * 60_000): () => void {
  const everyMs = everyHours * 60 * 60_000;
  let child: ChildProcess | undefined;
  const check = () => {
    if (child) return;
    try {
      if (!backupDue(serverConfig().backup.dir, everyMs, new Date())) return;
    } catch (error) {
      log().error({ job: 'backup', err: error }, 'could not read the backup folder');
      return;
    }
    const running = spawn(process.execPath, [BACKUP_SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = running;
    let output = '';
    running.stdout.on('data', (chunk: Buffer) => (output += chunk));
    running.stderr.on('data', (chunk: Buffer) => (output += chunk));
    running.on('close', (code) => {
      child = undefined;
      if (code === 0) log().info({ job: 'backup', output: output.trim() }, 'backup taken');
      else if (code !== BUSY) log().error({ job: 'backup', exit: code, output: output.trim() }, 'backup failed');
    });
  };
  const timer = setInterval(check, Math.min(everyMs, checkEveryMs));
  timer.unref();
  return () => {
    clearInterval(timer);
    // The backup writes into a partial folder: stopped, it leaves nothing that looks like a backup.
    child?.kill('SIGTERM');
  };
}
