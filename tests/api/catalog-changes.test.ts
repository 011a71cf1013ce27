import { sql } from 'kysely';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { cachedRender } from '../../src/server/http/render-cache.ts';
import { announceCatalogChange } from '../../src/server/services/catalog/catalog-changes.ts';
import {
  beforeCatalogVersion,
  catalogVersion,
  checkCatalogVersion,
  onCatalogVersion,
} from '../../src/server/services/catalog/catalog-version.ts';
import { watchCatalog } from '../../src/server/services/catalog/catalog-watch.ts';
import { runShutdownHooks } from '../../src/server/lifecycle.ts';
import { redirectLog } from '../../src/server/observability/logger.ts';
import { freshDatabase } from '../support/test-db.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
const seen: string[] = [];
let rebuilt = 0;
beforeAll(async () => {
  database = await freshDatabase();
  onCatalogVersion((v) => seen.push(v));
  beforeCatalogVersion('test', async () => {
    rebuilt += 1;
  });
  await checkCatalogVersion(database.db);
});
afterAll(async () => {
  await runShutdownHooks();
  await database.drop();
});

const until = async (ok: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end && !ok();) await new Promise((r) => setTimeout(r, 50));
  return ok();
};

test('a price or stock changed directly in the database gives a new catalog version at the next check', async () => {
  const before = catalogVersion();
  await checkCatalogVersion(database.db);
  expect(catalogVersion()).toBe(before);
  await database.db.updateTable('products').set({ price: 123_45, stock: 0 }).where('id', '=', 1).execute();
  await checkCatalogVersion(database.db);
  expect(catalogVersion()).not.toBe(before);
  expect(seen.at(-1)).toBe(catalogVersion());
  // The search index is rebuilt before pages are cached under the new version.
  expect(rebuilt).toBeGreaterThan(0);
});

test('an announced change (after an order) moves the version at once, even if totals happen to match', async () => {
  const before = catalogVersion();
  await announceCatalogChange(database.db, { productIds: [1] });
  expect(await until(() => catalogVersion() !== before, 5_000)).toBe(true);
});

test('a burst of announced changes (cancels one after another) moves the version once, not once per change', async () => {
  // A version moved just now: what follows within CATALOG_COALESCE_MS (1 s) waits and folds into one.
  await announceCatalogChange(database.db, { productIds: [1] });
  await checkCatalogVersion(database.db);
  const before = seen.length;
  let last: Promise<void> = Promise.resolve();
  for (const id of [2, 3, 4, 5, 6]) {
    await database.db
      .updateTable('products')
      .set({ stock: 40 + id })
      .where('id', '=', id)
      .execute();
    await announceCatalogChange(database.db, { productIds: [id] });
    last = checkCatalogVersion(database.db, true, [id]);
    await new Promise((r) => setTimeout(r, 20));
  }
  await last;
  expect(seen.length - before).toBe(1);
});

test('a staff action right after a version moved is shown at once; it does not wait for the coalescing gap', async () => {
  await announceCatalogChange(database.db, { productIds: [1] });
  await checkCatalogVersion(database.db);
  // The version just moved; a gap of 10 s from now on. An order burst would wait for it, a staff action must not.
  process.env['CATALOG_COALESCE_MS'] = '10000';
  onTestFinished(() => {
    delete process.env['CATALOG_COALESCE_MS'];
  });
  const before = seen.length;
  // A seller suspended on the desk (urgent), right after the last move.
  const suspended = checkCatalogVersion(database.db, true, [], true).then(() => 'shown');
  const gap = new Promise((resolve) => setTimeout(() => resolve('waited for the gap'), 5_000));
  expect(await Promise.race([suspended, gap])).toBe('shown');
  expect(seen.length - before).toBe(1);
});

test("a staff action's answer waits until this instance shows it; an order's answer does not wait for the index", async () => {
  // The index's update takes a while (a large catalog); the render cache starts over only after it.
  let slow = false;
  beforeCatalogVersion('slow-index', () => (slow ? new Promise((r) => setTimeout(r, 300)) : Promise.resolve()));
  onTestFinished(() => beforeCatalogVersion('slow-index', async () => undefined));
  await checkCatalogVersion(database.db);
  slow = true;
  const beforeOrder = catalogVersion();
  await announceCatalogChange(database.db, { productIds: [1] });
  expect(catalogVersion(), 'an order is answered before the version moves').toBe(beforeOrder);
  await checkCatalogVersion(database.db);
  const beforeStaff = catalogVersion();
  await announceCatalogChange(database.db, { productIds: [1], urgent: true });
  expect(catalogVersion(), 'a staff action is answered once the version moved').not.toBe(beforeStaff);
});

test("a check waiting for the coalescing gap reads the latest caller's database, not the one it started with", async () => {
  // In a shared test worker the previous file's announcement can still be waiting when the next file's database
  // asks for a check: the wait must end on the new database's fingerprint, or its first check moves the version.
  const previous = await freshDatabase();
  onTestFinished(() => previous.drop());
  await previous.db.updateTable('products').set({ stock: 999 }).where('id', '=', 1).execute();
  await checkCatalogVersion(database.db, true, [1]);
  const waiting = checkCatalogVersion(previous.db, true, [1]);
  await checkCatalogVersion(database.db);
  await waiting;
  const settled = catalogVersion();
  await checkCatalogVersion(database.db);
  expect(catalogVersion()).toBe(settled);
});

test('the render cache serves a page once rendered, and starts over with a new catalog version', async () => {
  let renders = 0;
  const render = async () => {
    renders += 1;
    return new Response(`<p>${renders}</p>`.repeat(300), { headers: { 'content-type': 'text/html' } });
  };
  const url = new URL('http://shop/en/single-product/1');
  const request = () => new Request(url, { headers: { 'accept-encoding': 'gzip' } });
  const first = await cachedRender(request(), url, render);
  const second = await cachedRender(request(), url, render);
  expect(second.headers.get('x-render-cache')).toBe('hit');
  expect(await second.arrayBuffer()).toEqual(await first.arrayBuffer());
  expect(second.headers.get('cache-control')).toContain('s-maxage=30');
  await database.db.updateTable('products').set({ stock: 7 }).where('id', '=', 1).execute();
  await checkCatalogVersion(database.db);
  const third = await cachedRender(request(), url, render);
  expect(third.headers.get('x-render-cache')).toBe('miss');
  expect(renders).toBe(2);
});

test('an answer that sets a cookie or fails is never cached and says no-store', async () => {
  const url = new URL('http://shop/en/products?query=x');
  const personal = () =>
    Promise.resolve(new Response('<p>hi</p>', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=1' } }));
  await cachedRender(new Request(url), url, personal);
  const again = await cachedRender(new Request(url), url, personal);
  expect(again.headers.get('x-render-cache')).toBeNull();
  expect(again.headers.get('cache-control')).toBe('no-store');
  const failing = () => Promise.resolve(new Response('<p>oops</p>', { status: 500, headers: { 'content-type': 'text/html' } }));
  expect((await cachedRender(new Request(url), url, failing)).headers.get('cache-control')).toBe('no-store');
});

test("a rendered page's bytes are finished once, whether cached, served from the cache or refused by it", async () => {
  const finish = (page: Buffer) => Buffer.from(page.toString().replace('<i>body</i>', '<b>finished</b>'));
  const page = (status: number) => () =>
    Promise.resolve(new Response('<p>x</p><i>body</i>', { status, headers: { 'content-type': 'text/html' } }));
  const url = new URL('http://shop/en/products?category=3');
  const miss = await cachedRender(new Request(url), url, page(200), finish);
  const hit = await cachedRender(new Request(url), url, page(200), finish);
  expect(hit.headers.get('x-render-cache')).toBe('hit');
  expect([await miss.text(), await hit.text()]).toEqual(['<p>x</p><b>finished</b>', '<p>x</p><b>finished</b>']);
  const notFound = await cachedRender(
    new Request(new URL('http://shop/en/nowhere')),
    new URL('http://shop/en/nowhere'),
    page(404),
    finish,
  );
  expect(await notFound.text()).toBe('<p>x</p><b>finished</b>');
  // Anything but HTML passes untouched.
  const json = () => Promise.resolve(new Response('<i>body</i>', { headers: { 'content-type': 'application/json' } }));
  const api = new URL('http://shop/en/data.json');
  expect(await (await cachedRender(new Request(api), api, json, finish)).text()).toBe('<i>body</i>');
  const posted = await cachedRender(new Request(url, { method: 'POST', body: 'a=1' }), url, page(200), finish);
  expect(await posted.text()).toBe('<p>x</p><b>finished</b>');
});

test.runIf(process.env['DATABASE_URL'])('PostgreSQL: a NOTIFY from another instance moves this one', async () => {
  const stopWatch = watchCatalog(database.db, database.url);
  onTestFinished(stopWatch);
  // The LISTEN connection is up: this database has a session whose last statement was the LISTEN.
  const listening = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN %'`.execute(database.db)
    ).rows[0]!.n > 0;
  for (const end = Date.now() + 5_000; Date.now() < end && !(await listening());) await new Promise((r) => setTimeout(r, 50));
  const before = catalogVersion();
  const payload = JSON.stringify({ from: 'another-instance', productIds: [1] });
  await sql`select pg_notify('catalog_changes', ${payload})`.execute(database.db);
  expect(await until(() => catalogVersion() !== before, 5_000)).toBe(true);
});

test('the fingerprint holds a large catalog’s ids and prices (32-bit products overflowed on PostgreSQL)', async () => {
  const { readFingerprint } = await import('../../src/server/services/catalog/catalog-version.ts');
  const base = await database.db
    .selectFrom('products')
    .select(['category_id', 'sub_category_id', 'seller_id'])
    .executeTakeFirstOrThrow();
  // A product numbered like the 2,000,000th, priced 20 million EGP with as much again struck through.
  await database.db
    .insertInto('products')
    .values({
      ...base,
      id: 2_000_000,
      slug: 'fingerprint-giant',
      sku: 'FINGERPRINT-GIANT',
      name_en: 'Giant',
      name_ar: 'عملاق',
      description_en: 'x',
      description_ar: 'x',
      price: 2_000_000_000,
      before_discount: 2_100_000_000,
      stock: 1_000_000,
      weight_grams: null,
      rating: 0,
      ratings_count: 0,
      badge_en: null,
      badge_ar: null,
      images: '[]',
      image_alts: null,
      variant_group: null,
      variant_label_en: null,
      variant_label_ar: null,
      created_at: new Date().toISOString(),
    } as never)
    .execute();
  const before = await readFingerprint(database.db);
  await database.db.updateTable('products').set({ price: 1_999_999_999 }).where('id', '=', 2_000_000).execute();
  expect(await readFingerprint(database.db)).not.toBe(before);
  await database.db.deleteFrom('products').where('id', '=', 2_000_000).execute();
});

test('a check still waiting when its database closes logs no failure; a check that fails for another reason does', async () => {
  const lines: string[] = [];
  const restore = redirectLog((line) => void lines.push(line));
  onTestFinished(restore);
  const closed = await freshDatabase();
  await closed.drop();
  await checkCatalogVersion(closed.db, true, [1], true);
  expect(lines.filter((line) => line.includes('catalog version check failed'))).toEqual([]);
  // A real failure (the products table renamed away) is still reported.
  const broken = await freshDatabase();
  onTestFinished(() => broken.drop());
  await sql`alter table products rename to products_gone`.execute(broken.db);
  await checkCatalogVersion(broken.db, true, [1], true);
  expect(lines.filter((line) => line.includes('catalog version check failed'))).toHaveLength(1);
});
