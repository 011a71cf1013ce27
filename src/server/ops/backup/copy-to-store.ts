import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { ObjectStore } from '../../uploads/object-store.ts';

/** Where a backup's copy goes in the store: `backups/<its folder name>/<its files>`. */
export const backupKeyPrefix = (backupPath: string): string => `backups/${basename(backupPath)}/`;

/**
 * Copies a finished backup folder into the store of uploads (with STORAGE_URL: off the machine, issue 54), private,
 * `manifest.json` last, so a copy that holds its manifest is whole, as a folder is. Each file is read whole into memory
 * (one PUT each: fine for an embedded database of a few hundred MB; beyond that copy with rclone, docs/operations.md).
 */
export async function copyBackupToStore(backupPath: string, store: ObjectStore): Promise<{ files: number; bytes: number }> {
  const files = readdirSync(backupPath, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(backupPath, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .sort((a, b) => Number(a === 'manifest.json') - Number(b === 'manifest.json'));
  let bytes = 0;
  for (const file of files) {
    const data = await readFile(join(backupPath, file));
    await store.put(`${backupKeyPrefix(backupPath)}${file}`, data, { type: 'application/octet-stream', access: 'private' });
    bytes += data.byteLength;
  }
  return { files: files.length, bytes };
}
