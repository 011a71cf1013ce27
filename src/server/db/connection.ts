import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { metrics } from '../observability/metrics.ts';
import { refuseWriteWhenLost, registerDatabaseFile, rememberDatabaseFile } from './database-file.ts';
import pg from 'pg';
import type { Database } from './schema.ts';
import { ReaderWriterSqliteDialect, type Statements } from './sqlite-reader-writer.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
}

export interface ConnectOptions {
  /** postgres://… ; when set, PostgreSQL is used. */
  databaseUrl?: string | undefined;
  /** SQLite file path, or ':memory:'. */
  sqlitePath?: string | undefined;
  /** A serialized SQLite database, opened in memory (the test suite's migrated and seeded template). */
  sqliteImage?: Buffer | undefined;
}

/** Opens Kysely on PostgreSQL when a URL is given, else on an embedded SQLite file. */
export function connect(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // The pool the metrics report: the last opened (the process's shared database opens one).
    metrics().readers.pool = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: timed('postgres') }), engine: 'postgres' };
  }
  const path = options.sqlitePath ?? './data/shop.sqlite';
  if (path !== ':memory:' && !options.sqliteImage) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(options.sqliteImage ?? path);
  // WAL lets the build, the server and a seed run read while one of them writes.
  // The wait first: switching to WAL needs a moment's lock, and a CLI (npm run staff, order) opening the live shop's
  // database while the server writes got "database is locked" at once (an e2e journey caught it).
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // A file (not a database in memory) must stay the file at its path: every write asks first (database-file.ts).
  const file = options.sqliteImage || path === ':memory:' ? undefined : rememberDatabaseFile(path);
  const db = new Kysely<Database>({
    dialect: new ReaderWriterSqliteDialect(
      withStatementCache(sqlite, CACHED_STATEMENTS, file && (() => refuseWriteWhenLost(file))),
      file && withStatementCache(openReader(path), CACHED_STATEMENTS),
    ),
    log: timed('sqlite'),
  });
  if (file) registerDatabaseFile(db, file);
  return { db, engine: 'sqlite' };
}

/** The file's second connection, for reads outside transactions (sqlite-reader-writer.ts); it may not write. */
function openReader(path: string): SQLite.Database {
  const reader = new SQLite(path);
  reader.pragma('busy_timeout = 5000');
  reader.pragma('query_only = true');
  return reader;
}

/** Kysely's log hook: every query's time into the metrics (db_query_duration_seconds). */
function timed(engine: Engine): (event: LogEvent) => void {
  const seconds = metrics().dbQuerySeconds;
  const ok = seconds.labels({ engine, outcome: 'ok' });
  const failed = seconds.labels({ engine, outcome: 'error' });
  return (event) => (event.level === 'query' ? ok : failed).observe(event.queryDurationMillis / 1000);
}

// Enough for every statement the shop's pages and API use; lists of varying length (`in (?, ?, …)`) come and go.
const CACHED_STATEMENTS = 1000;

/**
 * better-sqlite3 compiles SQL on every prepare(), and Kysely prepares each query anew: an uncached page compiled the
 * same statements on every request (3-4% of its server time, docs/benchmarks.md). Statements are kept by their SQL,
 * least recently used first out. SQLite re-prepares a kept statement by itself when the schema changes.
 */
export function withStatementCache(sqlite: SQLite.Database, limit = CACHED_STATEMENTS, beforeWrite?: () => void): Statements {
  const statements = new Map<string, SQLite.Statement>();
  // Once per write transaction is enough (a transaction's writes all land or none): its first write asks.
  let checkedInTransaction = false;
  return {
    prepare(sql: string) {
      if (!sqlite.inTransaction) checkedInTransaction = false;
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > limit) statements.delete(statements.keys().next().value!);
      // `readonly` is SQLite's own answer (sqlite3_stmt_readonly): inserts with RETURNING write, BEGIN and COMMIT do not.
      if (beforeWrite && !statement.readonly && !checkedInTransaction) {
        beforeWrite();
        checkedInTransaction = sqlite.inTransaction;
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
