import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/index.ts';

/**
 * Vitest's global setup: one database migrated and seeded once per run, which every test file's fresh database is a
 * copy of (tests/support/test-db.ts). Migrating and seeding took 3-5 s a test file on PostgreSQL (a copy with
 * `CREATE DATABASE … TEMPLATE` about 0.4 s) and about 0.25 s on SQLite (opening its serialized image, a few ms):
 * docs/benchmarks.md, "CI". The template reaches the test workers, started after this ran, through the environment:
 * TEST_PG_TEMPLATE (a database name) when DATABASE_URL is set, else TEST_SQLITE_TEMPLATE (a file).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env['DATABASE_URL'];
  if (!url) {
    const folder = mkdtempSync(join(tmpdir(), 'shop-test-template-'));
    const file = join(folder, 'template.sqlite');
    const handle = await openDatabase({ sqlitePath: file });
    await handle.db.destroy();
    // One self-contained file, read whole by each test file: out of WAL mode (the WAL folded in), since an image
    // still marked WAL cannot be opened in memory (SQLITE_CANTOPEN).
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = DELETE');
    writeFileSync(file, sqlite.serialize());
    sqlite.close();
    process.env['TEST_SQLITE_TEMPLATE'] = file;
    return () => Promise.resolve(rmSync(folder, { recursive: true, force: true }));
  }
  const name = `shop_test_template_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const handle = await openDatabase({ databaseUrl: databaseAt(url, name) });
  await handle.db.destroy();
  // A database is copied only while nobody is connected to it; pool.end() returns before its sockets closed.
  await withAdmin(url, (admin) => untilNobodyOn(admin, name));
  process.env['TEST_PG_TEMPLATE'] = name;
  return async () => {
    await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
}

/** The URL of another database on the same server. */
export function databaseAt(url: string, name: string): string {
  const at = new URL(url);
  at.pathname = `/${name}`;
  return at.toString();
}

/** Runs `work` with a connection to the server's administrative database (the one DATABASE_URL names). */
export async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Waits (up to 2 s) until no session is connected to database `name`. */
export async function untilNobodyOn(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
