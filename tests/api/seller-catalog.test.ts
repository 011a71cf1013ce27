import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { deskWithUploads } from '../support/desk-uploads.ts';
import { makeProduct } from '../support/orders.ts';
import { makeSeller, makeSellerMember } from '../support/seller.ts';
import { jsonInit } from '../support/staff.ts';

const { t, operator, support, close } = await deskWithUploads();
afterAll(close);
const { db, json } = t;

const sellerA = await makeSeller(db);
const sellerB = await makeSeller(db);
const ownerA = await makeSellerMember(db, sellerA, 'owner');
const financeA = await makeSellerMember(db, sellerA, 'finance');
const ownerB = await makeSellerMember(db, sellerB, 'owner');

const sub = await db.selectFrom('sub_categories').select(['id', 'category_id']).orderBy('id').executeTakeFirstOrThrow();
let n = 0;
const input = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    sku: `SC-${Date.now() % 100000}-${n}`,
    name_en: 'Sidamo light roast',
    name_ar: 'سيدامو تحميص فاتح',
    description_en: 'Bright, floral, a little lemon.',
    description_ar: 'مشرقة وزهرية مع قليل من الليمون.',
    category_id: sub.category_id,
    sub_category_id: sub.id,
    price: 42000,
    before_discount: null,
    stock: 7,
    weight_grams: 250,
    images: [{ url: '/media/test-photo.svg', alt_en: 'A bag of beans', alt_ar: 'كيس بن' }],
    ...overrides,
  };
};
const send = (method: string, path: string, body: unknown, cookie: string) => json(path, jsonInit(method, body, cookie));
const productOf = (id: number) => db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shopAnswers = async (id: number) => (await t.api.request(`/api/products/${(await productOf(id)).slug}`)).status;
const queue = async () => (await json('/api/admin/moderation', { headers: operator.headers })).body.data as any[];
const queued = async (productId: number) => (await queue()).find((c) => c.product.id === productId);

async function createAsA(overrides: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/seller/products', input(overrides), ownerA.cookie);
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

describe('a seller’s new product', () => {
  test('waits hidden for staff; approval shows it in the shop, audited, with the seller as its seller', async () => {
    const id = await createAsA();
    expect(await productOf(id)).toMatchObject({ seller_id: sellerA, hidden: 1, stock: 7 });
    expect(await shopAnswers(id)).toBe(404);
    const list = await json('/api/seller/products', { headers: ownerA.headers });
    expect(list.body.data.items.find((p: any) => p.id === id).change).toMatchObject({ kind: 'create', status: 'pending' });
    const change = await queued(id);
    expect(change.differences.map((d: any) => d.field)).toEqual(
      expect.arrayContaining(['name_en', 'name_ar', 'price', 'images']),
    );
    const approved = await json(`/api/admin/moderation/${change.id}/approve`, jsonInit('POST', {}, operator.cookie));
    expect(approved.status).toBe(200);
    expect(await productOf(id)).toMatchObject({ hidden: 0, name_en: 'Sidamo light roast' });
    expect(await shopAnswers(id)).toBe(200);
    const audit = await db
      .selectFrom('audit_log')
      .select('staff_id')
      .where('action', '=', 'productChange.approve')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ staff_id: operator.id }]);
    // Decided once: the same approval again finds nothing waiting.
    expect((await json(`/api/admin/moderation/${change.id}/approve`, jsonInit('POST', {}, operator.cookie))).status).toBe(404);
  });

  test('rejected with a reason: stays out of the shop and the seller reads why', async () => {
    const id = await createAsA();
    const change = await queued(id);
    const res = await json(
      `/api/admin/moderation/${change.id}/reject`,
      jsonInit('POST', { reason: 'Blurry photo' }, operator.cookie),
    );
    expect(res.status).toBe(200);
    expect(await shopAnswers(id)).toBe(404);
    const changes = await json('/api/seller/products/changes', { headers: ownerA.headers });
    expect(changes.body.data.find((c: any) => c.product_id === id)).toMatchObject({ status: 'rejected', reason: 'Blurry photo' });
  });
});

describe('a seller’s edit of a live product', () => {
  const live = async () => {
    const id = await createAsA();
    await json(`/api/admin/moderation/${(await queued(id)).id}/approve`, jsonInit('POST', {}, operator.cookie));
    return id;
  };

  test('stock applies at once; the new name and price wait, shown before → after, and apply on approval', async () => {
    const id = await live();
    const res = await send(
      'PUT',
      `/api/seller/products/${id}`,
      input({ sku: (await productOf(id)).sku, name_en: 'Sidamo natural', price: 45000, stock: 20 }),
      ownerA.cookie,
    );
    expect(res.status).toBe(200);
    expect(await productOf(id)).toMatchObject({ stock: 20, name_en: 'Sidamo light roast', price: 42000 });
    const change = await queued(id);
    expect(change.differences).toEqual([
      { field: 'name_en', before: 'Sidamo light roast', after: 'Sidamo natural' },
      { field: 'price', before: 42000, after: 45000 },
    ]);
    await json(`/api/admin/moderation/${change.id}/approve`, jsonInit('POST', {}, operator.cookie));
    expect(await productOf(id)).toMatchObject({ stock: 20, name_en: 'Sidamo natural', price: 45000, hidden: 0 });
  });

  test('a rejected change leaves the shop as it was', async () => {
    const id = await live();
    await send('PUT', `/api/seller/products/${id}`, input({ sku: (await productOf(id)).sku, price: 99000 }), ownerA.cookie);
    const change = await queued(id);
    await json(`/api/admin/moderation/${change.id}/reject`, jsonInit('POST', { reason: 'Price too high' }, operator.cookie));
    expect((await productOf(id)).price).toBe(42000);
  });

  test('a trusted seller skips the queue', async () => {
    const id = await live();
    expect(
      (await json(`/api/admin/sellers/${sellerA}/trusted`, jsonInit('PUT', { trusted: true }, operator.cookie))).status,
    ).toBe(200);
    await send('PUT', `/api/seller/products/${id}`, input({ sku: (await productOf(id)).sku, price: 43000 }), ownerA.cookie);
    expect((await productOf(id)).price).toBe(43000);
    expect(await queued(id)).toBeUndefined();
    const fresh = await createAsA();
    expect(await productOf(fresh)).toMatchObject({ hidden: 0 });
    await json(`/api/admin/sellers/${sellerA}/trusted`, jsonInit('PUT', { trusted: false }, operator.cookie));
  });
});

describe('scoped to the seller', () => {
  test('another seller’s product is 404 to read and to save; a role without products.manage is 403', async () => {
    const theirs = await makeProduct(db, { price: 10000, stock: 1 });
    await db.updateTable('products').set({ seller_id: sellerB }).where('id', '=', theirs).execute();
    expect((await json(`/api/seller/products/${theirs}`, { headers: ownerA.headers })).status).toBe(404);
    const sku = (await productOf(theirs)).sku;
    expect((await send('PUT', `/api/seller/products/${theirs}`, input({ sku }), ownerA.cookie)).status).toBe(404);
    expect((await productOf(theirs)).price).toBe(10000);
    expect((await json('/api/seller/products', { headers: ownerB.headers })).body.data.items.map((p: any) => p.id)).toEqual([
      theirs,
    ]);
    expect((await send('POST', '/api/seller/products', input(), financeA.cookie)).status).toBe(403);
    expect((await json('/api/seller/products', { headers: financeA.headers })).status).toBe(403);
    expect((await json('/api/seller/products')).status).toBe(401);
    // Staff without catalog.manage do not see the queue.
    expect((await json('/api/admin/moderation', { headers: support.headers })).status).toBe(403);
  });

  test('a photo goes through the desk’s image pipeline', async () => {
    const fd = new FormData();
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a4a2a' } })
      .jpeg()
      .toBuffer();
    fd.append('file', new File([new Uint8Array(bytes)], 'beans.jpg'));
    const res = await t.api.request('/api/seller/media/products', {
      method: 'POST',
      body: fd,
      headers: { cookie: ownerA.cookie },
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as any;
    expect(data.url).toMatch(/^\/api\/media\/products\//);
  });
});

describe('the seller’s CSV import', () => {
  const upload = async (csv: string, dryRun: boolean, cookie = ownerA.cookie) => {
    const fd = new FormData();
    fd.append('file', new File([csv], 'catalog.csv'));
    fd.append('dry_run', dryRun ? '1' : '0');
    const res = await t.api.request('/api/seller/products/import', { method: 'POST', body: fd, headers: { cookie } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const subSlug = async () =>
    (await db.selectFrom('sub_categories').select('slug').where('id', '=', sub.id).executeTakeFirstOrThrow()).slug;

  test('a row naming another seller’s product is refused with its own message; nothing is written', async () => {
    const theirs = await makeProduct(db, { price: 10000, stock: 1 });
    // SKUs are upper case (the import reads them so); the demo helper's are not.
    await db
      .updateTable('products')
      .set({ seller_id: sellerB, sku: `THEIRS-${theirs}` })
      .where('id', '=', theirs)
      .execute();
    const sku = (await productOf(theirs)).sku;
    const csv = `sku,name_en,price,stock\n${sku},Mine now,50.00,3\n`;
    const dry = await upload(csv, true);
    expect(dry.status).toBe(200);
    expect(dry.body.data.details[0]).toMatchObject({ action: 'refused', problems: [{ column: 'sku', problem: 'otherSeller' }] });
    expect((await upload(csv, false)).status).toBe(422);
    expect(await productOf(theirs)).toMatchObject({ price: 10000, stock: 1, seller_id: sellerB });
  });

  test('new rows become the seller’s products waiting for staff; a price change waits, stock applies', async () => {
    const id = await createAsA();
    await json(`/api/admin/moderation/${(await queued(id)).id}/approve`, jsonInit('POST', {}, operator.cookie));
    const mine = (await productOf(id)).sku;
    const fresh = `CSV-${Date.now() % 100000}`;
    const csv =
      'sku,name_en,name_ar,description_en,description_ar,sub_category,price,stock\n' +
      `${fresh},Yirgacheffe,يرغاتشيفي,Tea-like and sweet.,خفيفة كالشاي وحلوة.,${await subSlug()},380.00,4\n` +
      `${mine},,,,,,460.00,9\n`.replace(
        ',,,,,,',
        ',Sidamo light roast,سيدامو تحميص فاتح,Bright and floral.,مشرقة وزهرية.,' + (await subSlug()) + ',',
      );
    const dry = await upload(csv, true);
    expect(dry.body.data).toMatchObject({ create: 1, update: 1, refused: 0, applied: false });
    const res = await upload(csv, false);
    expect(res.status).toBe(200);
    const created = await db.selectFrom('products').selectAll().where('sku', '=', fresh).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ seller_id: sellerA, hidden: 1, stock: 4 });
    expect(await productOf(id)).toMatchObject({ stock: 9, price: 42000 });
    expect((await queued(id)).differences).toEqual(expect.arrayContaining([{ field: 'price', before: 42000, after: 46000 }]));
    expect(await queued(created.id)).toMatchObject({ kind: 'create' });
  });
});
