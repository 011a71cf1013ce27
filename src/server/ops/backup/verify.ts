import { join } from 'node:path';
import { checkDatabaseCopy, DATABASE_FILE, readManifest } from './manifest.ts';
import { verifyBackup } from './proof.ts';
import { resolveBackup } from './restore.ts';

/**
 * `npm run backup -- --verify <backup>`: what a restore checks before it touches anything, without restoring: the
 * signed checksums of every file (proof.ts), then SQLite's integrity check and the rows the manifest lists. Run it on
 * a copy kept off the machine before trusting it (docs/operations.md). Returns what is wrong, or undefined.
 */
export async function verifyBackupFolder(name: string, backupDir: string, key: string | undefined): Promise<string | undefined> {
  try {
    const folder = resolveBackup(name, backupDir);
    const manifest = readManifest(folder);
    await verifyBackup(folder, manifest, key);
    const counts = checkDatabaseCopy(join(folder, DATABASE_FILE));
    if (JSON.stringify(counts) !== JSON.stringify(manifest.counts))
      return `${DATABASE_FILE} does not hold the rows its manifest lists.`;
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
