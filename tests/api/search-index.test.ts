import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { searchIndex, updateSearchIndex } from '../../src/server/search/registry.ts';
import { testApi } from '../support/test-db.ts';

let t: Awaited<ReturnType<typeof testApi>>;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

const onPostgres = Boolean(process.env['DATABASE_URL']);
const ids = async (path: string) => (await t.json(path)).body.data.map((p: { id: number }) => p.id) as number[];

// The embedded shop (SQLite): each process holds a MiniSearch index (decision 013).
describe.skipIf(onPostgres)('the in-memory index (embedded SQLite)', () => {
  test('/api/health says whether the search index is built yet: a load balancer waits (503) until it is', async () => {
    const starting = await t.json('/api/health');
    expect(starting.status).toBe(503);
    expect(starting.body.data).toMatchObject({ ok: true, search: 'building', status: 'starting', database: 'ok' });
    await searchIndex(t.db);
    const ready = await t.json('/api/health');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ ok: true, search: 'ready', status: 'ready', database: 'ok' });
  });

  test("an order's stock change reaches search listings in place, without rebuilding the index", async () => {
    const inStock = await ids('/api/products?query=grinder&in_stock=1&per_page=60');
    const sold = inStock[0]!;
    const before = await searchIndex(t.db);
    await t.db.updateTable('products').set({ stock: 0, price: 1 }).where('id', '=', sold).execute();
    // Not announced yet: the index still has the old stock.
    expect(await ids('/api/products?query=grinder&in_stock=1&per_page=60')).toContain(sold);
    await updateSearchIndex(t.db, [sold]);
    expect(await searchIndex(t.db)).toBe(before);
    expect(await ids('/api/products?query=grinder&in_stock=1&per_page=60')).not.toContain(sold);
    expect((await ids('/api/products?query=grinder&sort=price_asc'))[0]).toBe(sold);
  });

  test('an unknown change rebuilds the index, and the old one answers until the new one is ready', async () => {
    const before = await searchIndex(t.db);
    const rebuilt = updateSearchIndex(t.db);
    expect(await searchIndex(t.db)).toBe(before);
    await rebuilt;
    expect(await searchIndex(t.db)).not.toBe(before);
  });
});

// PostgreSQL: the documents live in the database, shared by every instance (decision 038, migration 041).
describe.skipIf(!onPostgres)('search in the database (PostgreSQL)', () => {
  test('/api/health is ready at once: an instance builds no index', async () => {
    const health = await t.json('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ ok: true, search: 'ready', status: 'ready', database: 'ok' });
    expect((await ids('/api/products?query=grinder')).length).toBeGreaterThan(0);
  });

  test('a stock or price change shows in search listings at once, announced or not', async () => {
    const inStock = await ids('/api/products?query=grinder&in_stock=1&per_page=60');
    const sold = inStock[0]!;
    await t.db.updateTable('products').set({ stock: 0, price: 1 }).where('id', '=', sold).execute();
    expect(await ids('/api/products?query=grinder&in_stock=1&per_page=60')).not.toContain(sold);
    expect((await ids('/api/products?query=grinder&sort=price_asc'))[0]).toBe(sold);
  });

  test('a product renamed, a seller renamed and a product added straight in the database are searched by their new words', async () => {
    const kettle = (await ids('/api/products?query=kettle'))[0]!;
    await t.db
      .updateTable('products')
      .set({ name_en: 'Quetzal Pourer', name_ar: 'إبريق كيتزال' })
      .where('id', '=', kettle)
      .execute();
    expect(await ids('/api/products?query=quetzal')).toEqual([kettle]);
    // The Arabic normaliser on both sides: written with hamza, searched without.
    expect(await ids(`/api/products?query=${encodeURIComponent('ابريق كيتزال')}`)).toEqual([kettle]);
    const { seller_id: sellerId } = await t.db
      .selectFrom('products')
      .select('seller_id')
      .where('id', '=', kettle)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sellers').set({ name_en: 'Zanzibar Traders' }).where('id', '=', sellerId).execute();
    expect(await ids('/api/products?query=zanzibar&per_page=60')).toContain(kettle);
    const row = await t.db.selectFrom('products').selectAll().where('id', '=', kettle).executeTakeFirstOrThrow();
    const copy: Partial<typeof row> = { ...row };
    delete copy.id;
    const added = await t.db
      .insertInto('products')
      .values({
        ...(copy as Omit<typeof row, 'id'>),
        slug: 'okapi-roast',
        sku: 'OKAPI-1',
        name_en: 'Okapi Roast',
        name_ar: 'تحميص أوكابي',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await ids('/api/products?query=okapi')).toEqual([added.id]);
    expect(await ids(`/api/products?query=${encodeURIComponent('اوكابي')}`)).toEqual([added.id]);
  });
});
