import type { ChildProcess } from 'node:child_process';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { formatMoney } from '../../src/i18n/format.ts';
import { expect, test } from './fixtures.ts';
import { e2eDatabase, e2ePort, eventually, productOffer, startServer, stopServer } from './publish-support.ts';

// Crawlers must read today's price and stock: the product page's HTML and JSON-LD Offer follow a change made
// directly in the database (as an editor would) within 60 s, without a publish (decision 008).
test.describe.configure({ mode: 'serial' });
test.skip(({ shopLocale }) => shopLocale !== 'en', 'the same page data in both languages; checked once');

const WITHIN_MS = 60_000;
const pgUrl = process.env['E2E_PG_URL'] ?? process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function follows(base: string, price: number, availability: string) {
  return eventually(async () => {
    const page = await productOffer(base, '/en/single-product/2');
    return (
      page.price === (price / 100).toFixed(2) &&
      page.availability === availability &&
      page.html.includes(formatMoney(price, 'en'))
    );
  }, WITHIN_MS);
}

test('SQLite: a price and stock change in the database reaches the page and its JSON-LD within 60 s', async ({ baseURL }) => {
  test.setTimeout(WITHIN_MS + 20_000);
  const before = await productOffer(baseURL!, '/en/single-product/2');
  expect(before.availability).toBe('InStock');
  const db = new SQLite(e2eDatabase);
  const row = db.prepare('select price, stock from products where id = 2').get() as { price: number; stock: number };
  try {
    db.prepare('update products set price = ?, stock = 0 where id = 2').run(row.price + 1234);
    const started = Date.now();
    expect(await follows(baseURL!, row.price + 1234, 'OutOfStock')).toBe(true);
    test.info().annotations.push({ type: 'followed after', description: `${Date.now() - started} ms` });
  } finally {
    db.prepare('update products set price = ?, stock = ? where id = 2').run(row.price, row.stock);
    db.close();
  }
});

test('PostgreSQL: two app instances both follow a change made in the database', async () => {
  test.setTimeout(WITHIN_MS + 90_000);
  const name = `shop_e2e_fresh_${e2ePort}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  test.skip(!reachable, `PostgreSQL not reachable at ${pgUrl}`);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), FOLLOW_PUBLISH: '0', DIST_DIR: 'dist', CATALOG_CHECK_MS: '5000' };
  const servers: ChildProcess[] = [];
  const shop = new pg.Client({ connectionString: url.toString() });
  try {
    // One after the other: the first migrates and seeds the empty database.
    servers.push(await startServer(e2ePort + 2, env));
    servers.push(await startServer(e2ePort + 3, env));
    const bases = [e2ePort + 2, e2ePort + 3].map((p) => `http://127.0.0.1:${p}`);
    for (const base of bases) expect((await productOffer(base, '/en/single-product/2')).availability).toBe('InStock');
    await shop.connect();
    const { rows } = await shop.query<{ price: number }>('select price from products where id = 2');
    const price = Number(rows[0]!.price) + 777;
    await shop.query('update products set price = $1, stock = 0 where id = 2', [price]);
    const results = await Promise.all(bases.map((base) => follows(base, price, 'OutOfStock')));
    expect(results).toEqual([true, true]);
  } finally {
    await Promise.all(servers.map((s) => stopServer(s)));
    await shop.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
