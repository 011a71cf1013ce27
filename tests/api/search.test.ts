import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApi } from '../support/test-db.ts';

let t: Awaited<ReturnType<typeof testApi>>;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

const names = (body: any) => body.data.map((p: any) => p.name as string);

describe('GET /autocomplete', () => {
  test('returns suggestions with id, name, title, description and images in the requested language', async () => {
    const res = await t.json('/api/autocomplete?q=grinder&lang=ar-SA');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    const first = res.body.data[0];
    expect(Object.keys(first).sort()).toEqual(['description', 'id', 'images', 'name', 'title']);
    expect(first.name).toMatch(/مطحنة/);
    expect(first.images[0]).toMatch(/^\/api\/media\//);
    expect(res.body.data.length).toBeLessThanOrEqual(8);
  });

  test('text shorter than 2 characters returns none', async () => {
    for (const q of ['', 'g', ' م ']) {
      const res = await t.json(`/api/autocomplete?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    }
    expect((await t.json('/api/autocomplete')).body.data).toEqual([]);
  });

  test('Arabic written with another alef form, without hamza, or with a typo still finds the product', async () => {
    for (const q of ['أثيوبيا', 'اثيوبيا', 'إثيوبيا', 'ethiopa']) {
      const res = await t.json(`/api/autocomplete?q=${encodeURIComponent(q)}`);
      expect(names(res.body).some((n: string) => n.startsWith('Ethiopia'))).toBe(true);
    }
  });

  test('an English word finds Arabic-named products and back', async () => {
    const ar = await t.json(`/api/autocomplete?q=${encodeURIComponent('اسبرسو')}&lang=en-US`);
    expect(names(ar.body).length).toBeGreaterThan(0);
    expect(names(ar.body).every((n: string) => /espresso/i.test(n))).toBe(true);
    const en = await t.json('/api/autocomplete?q=kettle&lang=ar-SA');
    // Kettles first; the Turkish coffee pots of the Kettles sub-category follow.
    const firstFour = names(en.body).slice(0, 4);
    expect(firstFour).toHaveLength(4);
    expect(firstFour.every((n: string) => /غلاية/.test(n))).toBe(true);
  });

  test('text over 100 characters is a 422 naming q', async () => {
    const res = await t.json(`/api/autocomplete?q=${'a'.repeat(101)}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['q']);
  });
});

describe('GET /products?query=', () => {
  test('ranks by best match, and the other sorts reorder the same matches', async () => {
    const best = await t.json('/api/products?query=grinder&per_page=60');
    expect(best.status).toBe(200);
    expect(best.body.meta.total).toBeGreaterThan(3);
    expect(names(best.body).every((n: string) => /grinder|mill/i.test(n))).toBe(true);
    const asc = await t.json('/api/products?query=grinder&sort=price_asc&per_page=60');
    const prices = asc.body.data.map((p: any) => p.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    expect(asc.body.meta.total).toBe(best.body.meta.total);
  });

  test('combines the text with category, price and stock filters', async () => {
    const cats = (await t.json('/api/categories')).body.data;
    const coffee = cats[0];
    const res = await t.json(`/api/products?query=espresso&category=${coffee.id}&in_stock=true&per_page=60`);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((p: any) => p.category.id === coffee.id && p.stock > 0)).toBe(true);
    const all = await t.json('/api/products?query=espresso&per_page=60');
    const cheap = await t.json('/api/products?query=espresso&max_price=50000&per_page=60');
    expect(cheap.body.data.length).toBeGreaterThan(0);
    expect(cheap.body.meta.total).toBeLessThan(all.body.meta.total);
    expect(cheap.body.data.every((p: any) => p.price <= 50000)).toBe(true);
  });

  test('pages through matches; a page past the end is empty, not an error', async () => {
    const one = await t.json('/api/products?query=coffee&per_page=5');
    const two = await t.json('/api/products?query=coffee&per_page=5&page=2');
    expect(one.body.data).toHaveLength(5);
    expect(two.body.data.map((p: any) => p.id)).not.toContain(one.body.data[0].id);
    const far = await t.json('/api/products?query=coffee&page=9999');
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    expect(far.body.meta.total).toBe(one.body.meta.total);
  });

  test('nothing matching gives an empty list; bad values stay 422', async () => {
    const none = await t.json('/api/products?query=zzzzqqq');
    expect(none.status).toBe(200);
    expect(none.body.meta.total).toBe(0);
    expect((await t.json(`/api/products?query=${'x'.repeat(101)}`)).status).toBe(422);
    expect((await t.json('/api/products?query=coffee&page=-2')).status).toBe(422);
    expect((await t.json('/api/products?query=coffee&category=999')).status).toBe(422);
  });
});
