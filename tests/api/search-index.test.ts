import { afterAll, beforeAll, expect, test } from 'vitest';
import { searchIndex, updateSearchIndex } from '../../src/server/search/registry.ts';
import { testApi } from '../support/test-db.ts';

let t: Awaited<ReturnType<typeof testApi>>;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

const ids = async (path: string) => (await t.json(path)).body.data.map((p: { id: number }) => p.id) as number[];

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
