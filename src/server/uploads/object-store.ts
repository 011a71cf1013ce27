import { log } from '../observability/logger.ts';
import { Problem } from '../problem.ts';

/**
 * The one way to the bytes of uploads (issue 54): product photos and their variants, avatars, partner documents. Keys
 * are relative paths (`media/products/<hash>-640.webp`, `avatars/<name>`, `<name>` for a partner document); every
 * writer and reader goes through `uploadStore()`, which is the disk under UPLOADS_DIR by default (disk-store.ts) or an
 * S3-compatible bucket with STORAGE_URL (s3-store.ts), so every instance serves what another stored, at once.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /**
   * Stores the whole object or nothing under `key` (replacing one there). `public` objects are served to anyone through
   * the shop's routes and may be cached for a year; `private` ones only to staff (never cached).
   */
  put(key: string, bytes: Uint8Array, options: { type: string; access: 'public' | 'private' }): Promise<void>;
  /** The object's bytes as a stream, with its type and length; null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Its type and length without the bytes; null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes it; a missing object is fine. */
  delete(key: string): Promise<void>;
  /** The objects directly in `folder` (`''` or ending in `/`; not those in its sub-folders), for the sweep. */
  list(folder: string): Promise<ListedObject[]>;
}

export interface ObjectInfo {
  type: string;
  length: number;
}
export interface StoredObject extends ObjectInfo {
  body: ReadableStream<Uint8Array>;
}
export interface ListedObject {
  key: string;
  length: number;
  modified: Date;
}

/** The store could not be reached or refused us: a localized 503, never a 500 (src/server/api/errors.ts). */
export const storeUnavailable = (cause: Record<string, unknown>): Problem => {
  log().error({ storage: cause }, 'the upload store failed');
  return new Problem(503, 'api.storageUnavailable', { retryAfter: 30 });
};

/** A key the stores accept: relative, no `..`, no empty segment, plain characters. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
  return key;
}
