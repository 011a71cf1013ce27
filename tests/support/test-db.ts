import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.ts';
import { createApi } from '../../src/app/app.ts';
import { usePublishRunner } from '../../src/desk/content/server/publish-runner.ts';
import { answerChecker } from './openapi-answers.ts';
import { databaseAt, untilNobodyOn, withAdmin } from './database-template.ts';

/**
 * A fresh, migrated and seeded database for one test file: SQLite in memory by default, or a new
 * PostgreSQL database (dropped afterwards) when DATABASE_URL is set.
 */
export async function freshDatabase(): Promise<DatabaseHandle & { drop: () => Promise<void>; url?: string }> {
  const url = process.env['DATABASE_URL'];
  if (!url) {
    // A copy of the run's migrated and seeded template (tests/support/database-template.ts) when there is one.
    const template = process.env['TEST_SQLITE_TEMPLATE'];
    const handle = await openDatabase({ sqlitePath: ':memory:', sqliteImage: template ? readFileSync(template) : undefined });
    return { ...handle, drop: () => handle.db.destroy() };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated and seeded template (tests/support/database-template.ts) when there is one.
  const template = process.env['TEST_PG_TEMPLATE'];
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const handle = await openDatabase({ databaseUrl: databaseAt(url, name) });
  return {
    ...handle,
    url: databaseAt(url, name),
    drop: async () => {
      await handle.db.destroy();
      // pool.end() resolves before every socket has closed; FORCE on a closing socket surfaces as an uncaught
      // "terminating connection" error in the test run, so wait (briefly) for the pool's sessions to go.
      await withAdmin(url, async (admin) => {
        await untilNobodyOn(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/** An API over a fresh database, with JSON helpers. */
export async function testApi() {
  const database = await freshDatabase();
  const client = apiClient(database.db);
  const close = async () => {
    // OPENAPI_TALLY=<file>: each test file adds how many answers it had checked (the CI figure in docs/api.md).
    if (process.env['OPENAPI_TALLY']) appendFileSync(process.env['OPENAPI_TALLY'], `${client.answers.checkedCount()}\n`);
    await database.drop();
  };
  return { ...client, db: database.db, engine: database.engine, close };
}

/** The shop's API over a database, with JSON helpers (testApi's; tests that open their own database use it too). */
export function apiClient(db: DatabaseHandle['db']) {
  const api = createApi({ db });
  // API tests never build the site: a publish from the desk (or the permission matrix asking for one) gets this
  // stand-in unless the test installs its own (tests/api/admin-content.test.ts).
  usePublishRunner(async () => ({ ok: false, message: 'API tests build nothing' }));
  /**
   * `from`: the client address the server sees (the Astro endpoint passes the socket's). By default each request
   * comes from an address of its own, as different shoppers do, so the per-address limits (issue 19) only come
   * into play in the tests that name an address.
   */
  let next = 0;
  const answers = answerChecker(api.routes);
  const json = async (path: string, init?: RequestInit, from?: string) => {
    next += 1;
    const address = from ?? `198.18.${Math.floor(next / 250) % 250}.${next % 250}`;
    const res = await api.request(path, init, { clientAddress: address });
    const body = (await res.json()) as any;
    // Every answer a test reads is checked against the OpenAPI document generated from the same routes (issue 42).
    const problems = answers.check(init?.method ?? 'GET', path, res.status, res.headers.get('content-type'), body);
    if (problems?.length) throw new Error(`An answer off the OpenAPI document:\n${problems.join('\n')}`);
    return { status: res.status, body };
  };
  const post = (path: string, payload: unknown, from?: string) =>
    json(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }, from);
  return { api, json, post, answers };
}
