import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** A connection as this driver uses it: better-sqlite3's statements (they say whether they only read). */
export interface Statements {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

/**
 * The embedded database with one writer and one reader (issue 56). Kysely's SQLite dialect has one connection behind a
 * lock: a page's read waited for every transaction of the process to end, and a transaction stays open across its
 * awaits, which under load means across other requests' work. During a burst of WhatsApp replies moving orders,
 * product pages fell from 1,437 to 57 requests a second (docs/benchmarks.md). SQLite in WAL mode lets readers read the
 * last committed state while one writer writes, so a second connection serves the statements that only read (a
 * `select`/`with` SQLite itself calls read-only) outside a transaction, at once; transactions and writes keep the
 * single writer, one at a time, as before. A database in memory (the tests' copies) cannot be opened twice: it keeps
 * the one connection for everything.
 */
export class ReaderWriterSqliteDialect implements Dialect {
  readonly #writer: Statements;
  readonly #reader: Statements | undefined;
  constructor(writer: Statements, reader: Statements | undefined) {
    this.#writer = writer;
    this.#reader = reader;
  }
  createDriver(): Driver {
    return new ReaderWriterDriver(this.#writer, this.#reader);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  // Kysely puts its own lock around every connection of an adapter that says it has only one: this driver locks itself.
  createAdapter() {
    return new ManyConnectionsSqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

class ManyConnectionsSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** A queue of one: the writer's transactions and lone writes, in the order they asked. */
class WriterLock {
  #tail: Promise<void> = Promise.resolve();
  async take(): Promise<() => void> {
    let release!: () => void;
    const previous = this.#tail;
    this.#tail = new Promise((resolve) => (release = resolve));
    await previous;
    return release;
  }
}

/** A statement the reader may answer: a query SQLite calls read-only that returns rows (never BEGIN, PRAGMA or VACUUM). */
const READS = /^\s*(select|with)\b/i;

class ReaderWriterDriver implements Driver {
  readonly #writer: Statements;
  readonly #reader: Statements | undefined;
  readonly #lock = new WriterLock();
  constructor(writer: Statements, reader: Statements | undefined) {
    this.#writer = writer;
    this.#reader = reader;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.#writer, this.#reader, this.#lock);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).release();
  }
  async destroy(): Promise<void> {
    this.#reader?.close();
    this.#writer.close();
  }
}

/**
 * One use of the database (a query, or a transaction from begin to release): reads outside a transaction go to the
 * reader; a transaction holds the writer lock from its BEGIN IMMEDIATE until it is released; a lone write takes the lock
 * for its one statement.
 */
class RoutedConnection implements DatabaseConnection {
  readonly #writer: Statements;
  readonly #reader: Statements | undefined;
  readonly #lock: WriterLock;
  #release: (() => void) | undefined;
  constructor(writer: Statements, reader: Statements | undefined, lock: WriterLock) {
    this.#writer = writer;
    this.#reader = reader;
    this.#lock = lock;
  }

  /**
   * SQLite transactions begin as writers (`BEGIN IMMEDIATE`). Our transactions read, then write; begun deferred, one
   * whose snapshot another process had written past since (the e2e journeys writing beside the server, `npm run order`
   * or `npm run staff` beside the live shop) failed at its first write with "database is locked" at once, since SQLite
   * cannot wait its way out of a stale snapshot. Begun as writers, they wait for the lock (busy_timeout) instead.
   */
  async begin(): Promise<void> {
    this.#release ??= await this.#lock.take();
    run(this.#writer, CompiledQuery.raw('begin immediate'));
  }

  release(): void {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#release) return run(this.#writer, query);
    if (this.#reader && READS.test(query.sql)) {
      const statement = this.#reader.prepare(query.sql);
      if (statement.readonly && statement.reader) return { rows: statement.all(query.parameters) as R[] };
    }
    const release = await this.#lock.take();
    try {
      return run(this.#writer, query);
    } finally {
      release();
    }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the embedded database driver');
  }
}

function run<R>(database: Statements, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}
