import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { connect } from './connection.ts';

/**
 * The embedded database's reader beside its writer (issue 56): a page's read does not wait for a transaction that is
 * still open across its awaits, and it reads what was committed; writes still come one at a time.
 */
type Counter = { counters: { name: string; value: number } };
const opened: { db: Kysely<Counter>; folder: string }[] = [];

async function database(file: boolean): Promise<Kysely<Counter>> {
  const folder = mkdtempSync(join(tmpdir(), 'reader-writer-'));
  const db = connect({ sqlitePath: file ? join(folder, 'shop.sqlite') : ':memory:' }).db as unknown as Kysely<Counter>;
  opened.push({ db, folder });
  await sql`create table counters (name text primary key, value integer not null)`.execute(db);
  await db.insertInto('counters').values({ name: 'orders', value: 1 }).execute();
  return db;
}

afterEach(async () => {
  for (const { db, folder } of opened.splice(0)) {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
});

const valueOf = async (db: Kysely<Counter>) =>
  (await db.selectFrom('counters').select('value').where('name', '=', 'orders').executeTakeFirstOrThrow()).value;

/** A transaction that writes, then waits until told to finish; its promise and the finishing function. */
function openTransaction(db: Kysely<Counter>) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const seenInside: number[] = [];
  const done = db.transaction().execute(async (trx) => {
    await trx.updateTable('counters').set({ value: 2 }).where('name', '=', 'orders').execute();
    seenInside.push(await valueOf(trx));
    wrote();
    await finished;
  });
  return { written, finish, done, seenInside };
}

/** Whether the promise settles before a few turns of the event loop (a lock would hold it far longer). */
async function settlesSoon<T>(promise: Promise<T>): Promise<boolean> {
  const late = Symbol('late');
  const first = await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(late), 50))]);
  return first !== late;
}

describe('a database file: one writer, one reader', () => {
  test('a read during an open transaction answers at once with what was committed; the transaction sees its own write', async () => {
    const db = await database(true);
    const open = openTransaction(db);
    await open.written;
    const read = valueOf(db);
    expect(await settlesSoon(read)).toBe(true);
    expect(await read).toBe(1);
    expect(open.seenInside).toEqual([2]);
    open.finish();
    await open.done;
    expect(await valueOf(db)).toBe(2);
  });

  test('a lone write waits for the open transaction, then lands after it', async () => {
    const db = await database(true);
    const open = openTransaction(db);
    await open.written;
    const write = db.updateTable('counters').set({ value: 3 }).where('name', '=', 'orders').execute();
    expect(await settlesSoon(write)).toBe(false);
    open.finish();
    await Promise.all([open.done, write]);
    expect(await valueOf(db)).toBe(3);
  });

  test('a transaction that fails lets the next one in, and its write is not read', async () => {
    const db = await database(true);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('counters').set({ value: 9 }).where('name', '=', 'orders').execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await valueOf(db)).toBe(1);
    await db.transaction().execute((trx) => trx.updateTable('counters').set({ value: 4 }).where('name', '=', 'orders').execute());
    expect(await valueOf(db)).toBe(4);
  });
});

test('a database in memory has one connection: a read waits for the open transaction, as before', async () => {
  const db = await database(false);
  const open = openTransaction(db);
  await open.written;
  const read = valueOf(db);
  expect(await settlesSoon(read)).toBe(false);
  open.finish();
  await open.done;
  expect(await read).toBe(2);
});
