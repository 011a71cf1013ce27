import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * A lock held by a live process: a file created exclusively with the holder's pid. A holder that died (kill -9, a
 * crash) leaves its file behind; the next taker sees that no process has that pid any more and takes the lock over.
 * For the operators' commands (one backup at a time, a restore against servers), not for requests.
 */
export interface PidLock {
  release: () => void;
}

interface Holder {
  pid: number;
  what: string;
  since: string;
}

/** Whether a process with this pid runs (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's holder as its file says, or undefined when there is no file (or it is unreadable: being written). */
export function lockHolder(path: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/** Takes the lock, or says which live process holds it. `what` says what the holder does, for the refusal message. */
export function tryLock(path: string, what: string): PidLock | { heldBy: Holder } {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, JSON.stringify({ pid: process.pid, what, since: new Date().toISOString() }), { flag: 'wx' });
      return {
        release: () => {
          if (lockHolder(path)?.pid === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(path);
      if (holder && processAlive(holder.pid)) return { heldBy: holder };
      // Left by a process that died: taken over once (a second EEXIST means another taker was quicker).
      try {
        unlinkSync(path);
      } catch {
        /* already gone */
      }
    }
  }
  return { heldBy: lockHolder(path) ?? { pid: 0, what: 'unknown', since: '' } };
}
