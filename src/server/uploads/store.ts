import { randomBytes } from 'node:crypto';
import type { SniffedType } from './sniff.ts';
import { uploadStore } from './upload-store.ts';

export interface StoredFile {
  /** The random name a row keeps (`<32 hex>.<ext>`). */
  storedName: string;
  /** Its key in the store (upload-store.ts): the name under `folder`. */
  key: string;
}

/**
 * Stores a checked upload under a random name in `folder` ('' for partner documents, 'avatars/' for profile photos),
 * private unless said otherwise. The store writes it whole or not at all (object-store.ts).
 */
export async function storeUpload(
  bytes: Uint8Array,
  type: SniffedType,
  options: { folder?: string; access?: 'public' | 'private' } = {},
): Promise<StoredFile> {
  const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const key = `${options.folder ?? ''}${storedName}`;
  await uploadStore().put(key, bytes, { type: type.mime, access: options.access ?? 'private' });
  return { storedName, key };
}

/**
 * Removes files written for a request that then failed; missing files are fine, and so is a store that fails now too
 * (a partner document no row names is removed by the sweep, quota.ts).
 */
export async function discardUploads(files: readonly StoredFile[]): Promise<void> {
  const store = uploadStore();
  await Promise.all(files.map((f) => store.delete(f.key).catch(() => undefined)));
}
