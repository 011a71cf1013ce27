import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { deskWithUploads } from '../support/desk-uploads.ts';
import { makeProduct } from '../support/orders.ts';
import { jsonInit } from '../support/staff.ts';

const { t, dir, operator, support, close } = await deskWithUploads();
afterAll(close);

const photo = (background: string, width = 900, height = 700) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function upload(
  bytes: Uint8Array<ArrayBuffer> | Buffer<ArrayBuffer> | string,
  name = 'beans.jpg',
  cookie = operator.cookie,
  lang = 'en-US',
) {
  const fd = new FormData();
  fd.append('file', new File([bytes], name));
  const res = await t.api.request(`/api/admin/media/products?lang=${lang}`, { method: 'POST', body: fd, headers: { cookie } });
  return { status: res.status, body: (await res.json()) as any };
}

/** Where a product goes: the first category's first sub-category and the first seller. */
async function place() {
  const sub = await t.db.selectFrom('sub_categories').select(['id', 'category_id']).orderBy('id').executeTakeFirstOrThrow();
  const seller = await t.db.selectFrom('sellers').select('id').orderBy('id').executeTakeFirstOrThrow();
  return { category_id: sub.category_id, sub_category_id: sub.id, seller_id: seller.id };
}

let n = 0;
async function input(images: { url: string }[], overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    sku: `desk-${Date.now() % 100000}-${n}`,
    name_en: 'Sidamo Natural 250 g',
    name_ar: 'سيدامو مجفف طبيعيًا 250 جم',
    description_en: 'A fruity natural Ethiopian coffee, roasted light in Cairo.',
    description_ar: 'قهوة إثيوبية طبيعية بنكهة الفاكهة، محمصة تحميصًا فاتحًا في القاهرة.',
    ...(await place()),
    price: 42000,
    before_discount: null,
    stock: 12,
    weight_grams: 250,
    badge_en: '',
    badge_ar: '',
    variant_group: null,
    variant_label_en: null,
    variant_label_ar: null,
    images: images.map((i, k) => ({ url: i.url, alt_en: `The bag, side ${k + 1}`, alt_ar: `الكيس، الجانب ${k + 1}` })),
    ...overrides,
  };
}
const post = (path: string, body: unknown, cookie = operator.cookie, lang = 'en-US') =>
  t.json(`/api/admin${path}?lang=${lang}`, jsonInit('POST', body, cookie));
const put = (path: string, body: unknown) => t.json(`/api/admin${path}`, jsonInit('PUT', body, operator.cookie));

describe('product photos', () => {
  test('an upload is made once into AVIF and WebP at every width, served for a year by content name', async () => {
    const res = await upload(await photo('#7a4a2a'));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ width: 640, height: 498 });
    const url: string = res.body.data.url;
    expect(url).toMatch(/^\/api\/media\/products\/[0-9a-f]{24}-640\.webp$/);
    const files = await readdir(join(dir, 'media', 'products'));
    expect(files.filter((f) => f.startsWith(url.split('/').pop()!.slice(0, 24))).sort()).toHaveLength(6);
    const avif = await t.api.request(url.replace('-640.webp', '-320.avif'));
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(new Uint8Array(await avif.arrayBuffer())).metadata()).width).toBe(320);
    // The same photo again is the same files.
    expect((await upload(await photo('#7a4a2a'))).body.data.url).toBe(url);
  });

  test('checked by content and size, as the partner form’s uploads are; staff with the right only', async () => {
    const pdf = await upload('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n', 'looks-like.jpg', operator.cookie, 'ar-EG');
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toBe('هذا الملف ليس صورة. ارفع صورة JPEG أو PNG أو WebP أو AVIF لا يتجاوز حجمها 5 ميجابايت.');
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg');
    expect(svg.status).toBe(415);
    const big = await upload(new Uint8Array(5 * 1024 * 1024 + 10).fill(0xff), 'big.jpg');
    expect(big.status).toBe(413);
    expect((await upload(await photo('#123456'), 'a.jpg', support.cookie)).status).toBe(403);
    expect((await t.api.request('/api/admin/media/products', { method: 'POST', body: new FormData() })).status).toBe(401);
    expect((await t.api.request('/api/media/products/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});

describe('creating and editing a product', () => {
  test('a product made in the desk is in the shop at once, its photos described in both languages; audited', async () => {
    const a = (await upload(await photo('#aa3322'))).body.data;
    const b = (await upload(await photo('#2233aa'))).body.data;
    const body = await input([a, b]);
    const res = await post('/products', body);
    expect(res.status).toBe(201);
    const id: number = res.body.data.id;
    const row = await t.db.selectFrom('products').select(['slug', 'stock']).where('id', '=', id).executeTakeFirstOrThrow();
    const shop = await t.json(`/api/products/${row.slug}?lang=ar`);
    expect(shop.body.data).toMatchObject({
      id,
      name: 'سيدامو مجفف طبيعيًا 250 جم',
      sku: body.sku.toUpperCase(),
      price: 42000,
      images: [a.url, b.url],
      image_alts: ['الكيس، الجانب 1', 'الكيس، الجانب 2'],
    });
    const [movement] = await t.db.selectFrom('stock_movements').selectAll().where('product_id', '=', id).execute();
    expect(movement).toMatchObject({ delta: 12, stock_after: 12, reason: 'manual', actor: `staff:${operator.id}` });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(id))
      .where('subject_type', '=', 'product')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['product.create']);
  });

  test('refused whole: a taken SKU on its field, a sub-category of another category, a photo without its Arabic description', async () => {
    const a = (await upload(await photo('#445566'))).body.data;
    const existing = await makeProduct(t.db, { price: 1000, stock: 1 });
    const sku = `TAKEN-${existing}`;
    await t.db.updateTable('products').set({ sku }).where('id', '=', existing).execute();
    const count = async () => (await t.db.selectFrom('products').select('id').execute()).length;
    const before = await count();
    const taken = await post('/products', await input([a], { sku: sku.toLowerCase() }));
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body.errors)).toEqual(['sku']);
    const otherSub = await t.db
      .selectFrom('sub_categories')
      .select(['id', 'category_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const first = await place();
    expect(otherSub.category_id).not.toBe(first.category_id);
    const mismatch = await post('/products', await input([a], { sub_category_id: otherSub.id }), operator.cookie, 'ar-EG');
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.sub_category_id).toEqual(['هذا القسم الفرعي يتبع قسمًا آخر.']);
    const noAlt = await post(
      '/products',
      await input([{ url: a.url }], { images: [{ url: a.url, alt_en: 'The bag', alt_ar: '' }] }),
    );
    expect(noAlt.status).toBe(422);
    expect(await count()).toBe(before);
  });

  test('an edit changes texts and stock with a movement; stock an order took meanwhile is never overwritten', async () => {
    const a = (await upload(await photo('#556677'))).body.data;
    const { id } = (await post('/products', await input([a]))).body.data;
    const form = (await t.json(`/api/admin/products/${id}`, { headers: operator.headers })).body.data;
    const edited = await put(`/products/${id}`, {
      ...form,
      name_en: 'Sidamo Natural 250 g (new crop)',
      stock: 20,
      was_stock: 12,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name_en: 'Sidamo Natural 250 g (new crop)', stock: 20 });
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['delta', 'stock_after'])
      .where('product_id', '=', id)
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      { delta: 12, stock_after: 12 },
      { delta: 8, stock_after: 20 },
    ]);
    // An order took 2 (stock 18) after the form showed 20: a stock change is refused, a text change keeps the 18.
    await t.db.updateTable('products').set({ stock: 18 }).where('id', '=', id).execute();
    const stale = await put(`/products/${id}`, { ...form, stock: 25, was_stock: 20 });
    expect(stale.status).toBe(409);
    const textOnly = await put(`/products/${id}`, { ...form, name_ar: 'سيدامو محصول جديد', stock: 20, was_stock: 20 });
    expect(textOnly.status).toBe(200);
    expect(textOnly.body.data.stock).toBe(18);
  });
});

describe('hiding a product', () => {
  test('hidden, it leaves the shop (its page, listings, search, the sitemap, new orders) and comes back when shown', async () => {
    const { catalogSitemapXml } = await import('../../src/server/services/catalog/sitemap.ts');
    const { codOrderOf } = await import('../support/orders.ts');
    const a = (await upload(await photo('#667788'))).body.data;
    const { id } = (await post('/products', await input([a], { name_en: 'Hideable Harrar 250 g' }))).body.data;
    const { slug } = await t.db.selectFrom('products').select('slug').where('id', '=', id).executeTakeFirstOrThrow();
    const total = async () => (await t.json('/api/products?per_page=1')).body.meta.total as number;
    const found = async () =>
      (await t.json('/api/products?query=Hideable&per_page=60')).body.data.map((p: { id: number }) => p.id);
    const before = await total();
    // Found before it is hidden, so its absence afterwards means something.
    expect(await found()).toContain(id);
    const form = (await t.json(`/api/admin/products/${id}`, { headers: operator.headers })).body.data;
    expect(form.hidden).toBe(false);

    expect((await put(`/products/${id}`, { ...form, hidden: true, was_stock: form.stock })).body.data.hidden).toBe(true);
    expect((await t.json(`/api/products/${slug}`)).status).toBe(404);
    await expect.poll(total).toBe(before - 1);
    expect(await found()).not.toContain(id);
    expect(await catalogSitemapXml(t.db, 'https://shop.example', 0)).not.toContain(`/single-product/${id}<`);
    expect((await codOrderOf(t.db, t.json, id, 1)).status).toBe(409);

    expect((await put(`/products/${id}`, { ...form, hidden: false, was_stock: form.stock })).status).toBe(200);
    expect((await t.json(`/api/products/${slug}`)).status).toBe(200);
    await expect.poll(total).toBe(before);
    expect(await found()).toContain(id);
    expect(await catalogSitemapXml(t.db, 'https://shop.example', 0)).toContain(`/single-product/${id}<`);
  });
});
