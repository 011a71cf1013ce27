import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApi } from '../support/test-db.ts';

let t: Awaited<ReturnType<typeof testApi>>;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

describe('GET /categories', () => {
  test('lists the four demo categories with sub-categories in the requested language', async () => {
    const en = await t.json('/api/categories?show_sub=true&lang=en-US');
    expect(en.status).toBe(200);
    expect(en.body.data.map((c: any) => c.category)).toEqual(['Coffee', 'Equipment', 'Accessories', 'Specialty items']);
    expect(en.body.data[0].sub_categories.length).toBeGreaterThan(2);
    const ar = await t.json('/api/categories?show_sub=true&lang=ar-SA');
    expect(ar.body.data[0].category).toBe('قهوة');
  });

  test('sorts Arabic sub-category names alphabetically', async () => {
    const ar = await t.json('/api/categories?show_sub=true&lang=ar-SA');
    for (const category of ar.body.data) {
      const names = category.sub_categories.map((s: any) => s.sub_category);
      expect(names).toEqual([...names].sort(new Intl.Collator('ar').compare));
    }
  });

  test('show_sub=false leaves sub-categories out; a bad value is a 422', async () => {
    const plain = await t.json('/api/categories?show_sub=false');
    expect(plain.body.data[0].sub_categories).toEqual([]);
    const bad = await t.json('/api/categories?show_sub=maybe');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.show_sub[0]).toMatch(/one of/);
  });
});

describe('GET /products', () => {
  test('pages through the whole catalog with meta', async () => {
    const first = await t.json('/api/products?per_page=50');
    expect(first.status).toBe(200);
    expect(first.body.meta.total).toBeGreaterThanOrEqual(150);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.meta.last_page).toBe(Math.ceil(first.body.meta.total / 50));
    const second = await t.json('/api/products?per_page=50&page=2');
    const ids = new Set(first.body.data.map((p: any) => p.id));
    expect(second.body.data.some((p: any) => ids.has(p.id))).toBe(false);
  });

  test('filters by category, sub-category, price, rating, stock and seller', async () => {
    const cats = (await t.json('/api/categories?show_sub=true')).body.data;
    const equipment = cats[1];
    const grinders = equipment.sub_categories.find((s: any) => s.slug === 'grinders');
    const res = await t.json(`/api/products?category=${equipment.id}&subCategory=${grinders.id}&per_page=60`);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((p: any) => p.sub_category.id === grinders.id)).toBe(true);

    // Each filter must keep some products and drop others, or an ignored filter would pass unnoticed.
    const all = (await t.json('/api/products?per_page=1')).body.meta.total;
    const filtered = async (query: string, keep: (p: any) => boolean) => {
      const res = await t.json(`/api/products?${query}&per_page=60`);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.meta.total).toBeLessThan(all);
      expect(res.body.data.every(keep)).toBe(true);
    };
    await filtered('max_price=30000', (p) => p.price <= 30000);
    await filtered('min_price=1000000', (p) => p.price >= 1000000);
    await filtered('rating=4.5', (p) => p.rate >= 4.5);
    await filtered('in_stock=true', (p) => p.stock > 0);
    await filtered('seller=3', (p) => p.seller.id === 3);
  });

  test('sorts by rating and by newest', async () => {
    const rated = (await t.json('/api/products?sort=rating&per_page=60')).body.data.map((p: any) => p.rate);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    const newest = (await t.json('/api/products?sort=newest&per_page=60')).body.data.map((p: any) => p.created_at);
    expect(newest).toEqual([...newest].sort().reverse());
    expect(new Set(rated).size).toBeGreaterThan(1);
  });

  test('sorts by price both ways', async () => {
    const asc = (await t.json('/api/products?sort=price_asc&per_page=60')).body.data.map((p: any) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await t.json('/api/products?sort=price_desc&per_page=60')).body.data.map((p: any) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  test('shows the old price only when it is greater than the price', async () => {
    const all = (await t.json('/api/products?per_page=60')).body.data;
    expect(all.some((p: any) => p.beforeDiscount !== null)).toBe(true);
    for (const p of all) if (p.beforeDiscount !== null) expect(p.beforeDiscount).toBeGreaterThan(p.price);
  });

  test.each([
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['per_page=100000', 'per_page'],
    ['per_page=0', 'per_page'],
    ['category=abc', 'category'],
    ['sort=cheapest', 'sort'],
    ['min_price=-5', 'min_price'],
    ['min_price=5000&max_price=100', 'max_price'],
    ['rating=9', 'rating'],
    ['in_stock=yes', 'in_stock'],
  ])('refuses %s with a 422 naming %s', async (query, field) => {
    const res = await t.json(`/api/products?${query}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
    expect(res.body.messages[0]).toEqual(expect.any(String));
  });

  test('an unknown category or a sub-category of another category is a 422 with a clear message', async () => {
    const unknown = await t.json('/api/products?category=999');
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Unknown category');
    const mismatch = await t.json('/api/products?category=1&subCategory=7&lang=ar-SA');
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toBe('قسم فرعي غير معروف لهذا القسم');
  });

  test('validation messages follow the lang parameter', async () => {
    const res = await t.json('/api/products?page=0&lang=ar-SA');
    expect(res.body.errors.page[0]).toBe('يجب ألا يقل عن 1');
  });
});

describe('GET /products/{slug}, /variants/{id}, /vendor_details/{id}', () => {
  test('finds a product by id or slug, in both languages', async () => {
    const byId = await t.json('/api/products/1?lang=ar-SA');
    expect(byId.status).toBe(200);
    expect(byId.body.data.name).toMatch(/[\u0600-\u06FF]/);
    expect(byId.body.data.description.length).toBeGreaterThan(10);
    const bySlug = await t.json(`/api/products/${byId.body.data.slug}`);
    expect(bySlug.body.data.id).toBe(1);
    expect(bySlug.body.data.name).toMatch(/^[A-Za-z]/);
  });

  test('an unknown product is a 404 with a message', async () => {
    const res = await t.json('/api/products/no-such-coffee');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Product not found');
  });

  test('variants list every weight of a coffee, lightest first', async () => {
    const res = await t.json('/api/variants/1');
    expect(res.status).toBe(200);
    expect(res.body.data.map((v: any) => v.label)).toEqual(['250 g', '1 kg']);
    expect(res.body.data[1].price).toBeGreaterThan(res.body.data[0].price);
    const single = await t.json('/api/variants/100');
    expect(single.body.data).toHaveLength(1);
  });

  test('variants of an unknown or malformed id', async () => {
    expect((await t.json('/api/variants/99999')).status).toBe(404);
    expect((await t.json('/api/variants/abc')).status).toBe(422);
  });

  test('vendor details by id and slug; unknown is a 404', async () => {
    const res = await t.json('/api/vendor_details/1?lang=ar-SA');
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('محمصة النيل');
    expect(res.body.data.products_count).toBeGreaterThan(0);
    expect((await t.json('/api/vendor_details/zamalek-roastery')).body.data.id).toBe(2);
    expect((await t.json('/api/vendor_details/999')).status).toBe(404);
  });

  test("a slug with a NUL character is refused in the reader's language, never a 500 (PostgreSQL cannot hold it)", async () => {
    for (const path of ['/api/vendor_details/%00?lang=ar', '/api/products/a%00b?lang=ar']) {
      const res = await t.json(path);
      // SQLite keeps the NUL and finds no such seller or product (404); PostgreSQL refuses the text itself (422).
      expect([404, 422]).toContain(res.status);
      expect(res.body.message).toMatch(/[\u0600-\u06ff]/);
    }
  });
});

describe('everything else', () => {
  test('a product or seller id past the largest row id is an unknown one: 404, not a database error', async () => {
    for (const path of ['/api/products/', '/api/vendor_details/'])
      for (const id of ['2147483648', '9'.repeat(40)]) expect((await t.json(`${path}${id}`)).status, path + id).toBe(404);
  });

  test('an unknown API path is a JSON 404', async () => {
    const res = await t.json('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not found');
  });

  test('product illustrations are SVG and cacheable; unknown art is a 404', async () => {
    const product = (await t.json('/api/products/1')).body.data;
    const res = await t.api.request(product.img);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toContain('<svg');
    expect((await t.api.request('/api/media/art/dragon-1-0.svg')).status).toBe(404);
  });

  test('each illustration is also a WebP picture of the widths the pages offer (issue 55), the same drawing', async () => {
    const product = (await t.json('/api/products/1')).body.data;
    const base = (product.img as string).replace(/\.svg$/, '');
    for (const width of [160, 320, 640]) {
      const res = await t.api.request(`${base}-${width}.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const picture = sharp(Buffer.from(await res.arrayBuffer()));
      expect(await picture.metadata()).toMatchObject({ format: 'webp', width, height: width });
      // The drawing's paper colour in the corner, as the SVG paints it.
      const { data } = await picture
        .extract({ left: 2, top: 2, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.min(...data.subarray(0, 3))).toBeGreaterThan(200);
    }
    for (const name of ['bag-10-0-100.webp', 'bag-10-0-1600.webp', 'dragon-1-0-320.webp', 'bag-10-0-320.png'])
      expect((await t.api.request(`/api/media/art/${name}`)).status).toBe(404);
  });
});
