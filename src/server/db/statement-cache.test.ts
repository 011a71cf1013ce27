import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './connection.ts';

describe('the SQLite statement cache', () => {
  it('compiles a statement once and hands it out again', () => {
    const cache = withStatementCache(new SQLite(':memory:'));
    expect(cache.prepare('select 1 as one')).toBe(cache.prepare('select 1 as one'));
    expect(cache.prepare('select 2 as two')).not.toBe(cache.prepare('select 1 as one'));
  });

  it('keeps at most its limit, dropping the least recently used', () => {
    const cache = withStatementCache(new SQLite(':memory:'), 2);
    const one = cache.prepare('select 1');
    const two = cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(one);
    cache.prepare('select 3');
    expect(cache.prepare('select 1')).toBe(one);
    expect(cache.prepare('select 2')).not.toBe(two);
  });

  it('answers with the new columns after a migration changed a table', async () => {
    const db = new Kysely<{ t: { a: number; b?: number } }>({
      dialect: new SqliteDialect({ database: withStatementCache(new SQLite(':memory:')) }),
    });
    await sql`create table t (a integer)`.execute(db);
    await db.insertInto('t').values({ a: 1 }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ a: 1 }]);
    await sql`alter table t add column b integer default 7`.execute(db);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ a: 1, b: 7 }]);
    await db.destroy();
  });
});
