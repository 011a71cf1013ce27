import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serverConfig } from '../config.ts';
import type { SniffedType } from './sniff.ts';

/** Where uploads live: outside the public folder, configurable for deployments (UPLOADS_DIR). */
export const uploadsDir = (): string => serverConfig().uploadsDir;

export interface StoredFile {
  storedName: string;
  path: string;
}

/**
 * Writes a checked upload under a random name. The bytes go to a `.part` file first and are renamed
 * when complete, so a crash never leaves a truncated file under a final name.
 */
export async function storeUpload(bytes: Uint8Array, type: SniffedType, dir = uploadsDir()): Promise<StoredFile> {
  await mkdir(dir, { recursive: true });
  const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const path = join(dir, storedName);
  const part = `${path}.part`;
  try {
    await writeFile(part, bytes, { flag: 'wx', mode: 0o600 });
    await rename(part, path);
  } catch (error) {
    await unlink(part).catch(() => undefined);
    throw error;
  }
  return { storedName, path };
}

/** Removes files written for a request that then failed; missing files are fine. */
export async function discardUploads(files: readonly StoredFile[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(f.path).catch(() => undefined)));
}
