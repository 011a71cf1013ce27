import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { checkKey, storeUnavailable, type ListedObject, type ObjectStore } from './object-store.ts';

/** A disk keeps no content type: it is the name's (every key the shop writes ends in its type's extension). */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
};
const typeOf = (key: string): string => TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';

/** A full, read-only or failing disk is the store being unavailable (503), like an S3 outage; anything else is a bug. */
const STORE_DOWN = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO']);
const unavailableOr = (error: unknown): never => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code && STORE_DOWN.has(code)) throw storeUnavailable({ kind: 'disk', errno: code });
  throw error;
};
const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Uploads on the instance's disk under `root` (UPLOADS_DIR), the default: each object written to a `.part` file and
 * renamed when complete, so a crash never leaves a truncated file under a final name (the sweep removes the halves).
 */
export function diskStore(root: string): ObjectStore {
  const pathOf = (key: string) => join(root, checkKey(key));
  const info = async (key: string) => {
    const found = await stat(pathOf(key)).catch((error: unknown) => (missing(error) ? null : unavailableOr(error)));
    return found?.isFile() ? { type: typeOf(key), length: found.size } : null;
  };
  return {
    kind: 'disk',
    async put(key, bytes, { access }) {
      const path = pathOf(key);
      const part = `${path}.${randomBytes(4).toString('hex')}.part`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(part, bytes, { flag: 'wx', mode: access === 'private' ? 0o600 : 0o644 });
        await rename(part, path);
      } catch (error) {
        await unlink(part).catch(() => undefined);
        unavailableOr(error);
      }
    },
    async get(key) {
      const found = await info(key);
      if (!found) return null;
      return { ...found, body: Readable.toWeb(createReadStream(pathOf(key))) as ReadableStream<Uint8Array> };
    },
    head: info,
    async delete(key) {
      await unlink(pathOf(key)).catch((error: unknown) => (missing(error) ? undefined : unavailableOr(error)));
    },
    async list(folder) {
      const dir = folder ? pathOf(folder.replace(/\/$/, '')) : root;
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) =>
        missing(error) ? [] : unavailableOr(error),
      );
      const listed: ListedObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const found = await stat(join(dir, entry.name)).catch(() => undefined);
        if (found) listed.push({ key: `${folder}${entry.name}`, length: found.size, modified: found.mtime });
      }
      return listed;
    },
  };
}
