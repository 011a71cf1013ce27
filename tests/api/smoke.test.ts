import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApi } from '../support/test-db.ts';

let t: Awaited<ReturnType<typeof testApi>>;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

test('smoke', async () => {
  const r = await t.json('/api/categories?show_sub=true&lang=ar-SA');
  console.log(JSON.stringify(r.body).slice(0, 300));
  const p = await t.json('/api/products?per_page=2');
  console.log(JSON.stringify(p.body).slice(0, 600));
  expect(r.status).toBe(200);
});
