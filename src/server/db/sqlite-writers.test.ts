import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { connect } from './connection.ts';

/**
 * Two processes on one SQLite file (the server and a journey, or `npm run order` beside the live shop): a transaction
 * that reads, then writes, while the other writes in between. Begun deferred, ours failed at its write with
 * "database is locked"; begun as a writer, the other waits for ours and both land.
 */
const folder = mkdtempSync(join(tmpdir(), 'sqlite-writers-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Another process's write, in a thread with its own connection and no busy wait: it says when it starts, then 'done'
 * or the error it got at once (no timer decides who went first).
 */
function otherWriter(file: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const SQLite = require(workerData.module);
     const db = new SQLite(workerData.file);
     db.pragma('busy_timeout = 0');
     parentPort.postMessage('writing');
     try { db.prepare("insert into stock (item, count) values ('cups', 5)").run(); parentPort.postMessage('done'); }
     catch (error) { parentPort.postMessage(String(error)); }
     db.close();`,
    { eval: true, workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3') } },
  );
  const messages: string[] = [];
  const said = (what: (m: string) => boolean) =>
    new Promise<string>((resolve) => {
      const seen = messages.find(what);
      if (seen) return resolve(seen);
      worker.on('message', (m: string) => what(m) && resolve(m));
    });
  worker.on('message', (m: string) => messages.push(m));
  return { started: said((m) => m === 'writing'), finished: said((m) => m !== 'writing') };
}

test('a transaction that reads, then writes, while another process writes: both land, none is refused', async () => {
  const file = join(folder, 'shop.sqlite');
  const { db } = connect({ sqlitePath: file });
  await sql`create table stock (item text, count integer)`.execute(db);
  let other: ReturnType<typeof otherWriter> | undefined;
  await db.transaction().execute(async (trx) => {
    await sql`select count(*) from stock`.execute(trx);
    other = otherWriter(file);
    await other.started;
    // Begun deferred, the other's write lands here and ours then fails; begun as a writer, the other is told to wait.
    expect(await other.finished).toMatch(/database is locked/);
    await sql`insert into stock (item, count) values ('beans', 3)`.execute(trx);
  });
  // The other process's retry, as its busy_timeout would make it, lands after ours.
  const retry = otherWriter(file);
  expect(await retry.finished).toBe('done');
  const rows = await sql<{ item: string }>`select item from stock order by item`.execute(db);
  expect(rows.rows.map((r) => r.item)).toEqual(['beans', 'cups']);
  await db.destroy();
});
