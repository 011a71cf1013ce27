import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type LogEvent,
  type SqliteDialectConfig,
  type SqliteDatabase,
} from 'kysely';
import { metrics } from '../observability/metrics.ts';
import pg from 'pg';
import type { Database } from './schema.ts';

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
  return {
    db: new Kysely<Database>({
      dialect: new WritingSqliteDialect({ database: withStatementCache(sqlite) }),
      log: timed('sqlite'),
    }),
    engine: 'sqlite',
  };
}

/**
 * SQLite transactions begin as writers (`BEGIN IMMEDIATE`). Our transactions read, then write; begun deferred, one
 * whose snapshot another process had written past since (the e2e journeys writing beside the server, `npm run order`
 * or `npm run staff` beside the live shop) failed at its first write with "database is locked" at once, since SQLite
 * cannot wait its way out of a stale snapshot. Begun as writers, they wait for the lock (busy_timeout) instead.
 */
class WritingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new WritingSqliteDriver(this.#config);
  }
}

class WritingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
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
export function withStatementCache(sqlite: SQLite.Database, limit = CACHED_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > limit) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
