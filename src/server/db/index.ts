import type { Kysely } from 'kysely';
import { connect, type ConnectOptions, type DatabaseHandle } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { seedDemoCatalog } from './seed/seed.ts';
import { onShutdown } from '../lifecycle.ts';
import { serverConfig } from '../config.ts';
import { writeStaleDocuments } from '../search/documents.ts';

/** Connects, migrates and seeds the demo catalog when empty. */
export async function openDatabase(options: ConnectOptions & { seed?: boolean }): Promise<DatabaseHandle> {
  const handle = connect(options);
  await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.engine);
  if (options.seed !== false) await seedDemoCatalog(handle.db);
  // PostgreSQL's search documents of what the migration or the seed added (decision 038; cheap when none are stale).
  if (handle.engine === 'postgres') await writeStaleDocuments(handle.db);
  return handle;
}

// On globalThis: the Astro bundle(s) and the server script (scripts/start.mjs, which starts the background jobs) are
// separate module graphs of one process, and must share one handle. Two would be two pools, and two migrations and
// demo seeds racing on an empty database (seen: a duplicate category slug on a fresh PostgreSQL database).
const key = Symbol.for('coffee-marketplace.shared-database');
const store = globalThis as unknown as Record<symbol, Promise<DatabaseHandle> | undefined>;

/** The process-wide database, configured from the environment (DATABASE_URL or DATABASE_PATH). */
export function sharedDatabase(): Promise<DatabaseHandle> {
  const { database } = serverConfig();
  store[key] ??= openDatabase({ databaseUrl: database.url, sqlitePath: database.sqlitePath }).then((handle) => {
    onShutdown(() => handle.db.destroy());
    return handle;
  });
  return store[key];
}

export type { Database, DatabaseHandle };
export type ShopDb = Kysely<Database>;
