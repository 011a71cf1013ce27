import { serverConfig, type StorageConfig } from '../config.ts';
import { diskStore } from './disk-store.ts';
import type { ObjectStore } from './object-store.ts';
import { s3Store } from './s3-store.ts';

let current: { config: StorageConfig; store: ObjectStore } | undefined;

/**
 * The store of uploads the configuration names (object-store.ts): made again only when STORAGE_URL or UPLOADS_DIR
 * changed, so a test that points them elsewhere gets the other store at its next request.
 */
export function uploadStore(): ObjectStore {
  const config = serverConfig().storage;
  if (current?.config !== config) current = { config, store: config.kind === 's3' ? s3Store(config) : diskStore(config.dir) };
  return current.store;
}
