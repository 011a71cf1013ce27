import { afterAll, describe, expect, test } from 'vitest';
import { codOrderOf, makeProduct, stockOf } from '../support/orders.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const support = await makeStaff(db, api, 'support');

const save = (body: unknown, cookie = operator.cookie, lang = 'en-US') =>
  json(`/api/admin/products?lang=${lang}`, jsonInit('PATCH', body, cookie));
const productRow = (id: number) =>
  db.selectFrom('products').select(['price', 'before_discount', 'stock', 'sku']).where('id', '=', id).executeTakeFirstOrThrow();
const movementsOf = (id: number) =>
  db.selectFrom('stock_movements').selectAll().where('product_id', '=', id).orderBy('id').execute();
const was = (p: { price: number; before_discount: number | null; stock: number }) => ({
  price: p.price,
  before_discount: p.before_discount,
  stock: p.stock,
});

describe('the products grid', () => {
  test('finds products by SKU exactly or by name, newest first', async () => {
    const id = await makeProduct(db, { price: 10000, stock: 3 });
    const { sku } = await productRow(id);
    const bySku = await json(`/api/admin/products?q=${encodeURIComponent(sku)}`, { headers: operator.headers });
    expect(bySku.body.data.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    const byArabicName = await json(`/api/admin/products?q=${encodeURIComponent(`بن تجريبي ${sku.slice(5)}`)}`, {
      headers: operator.headers,
    });
    expect(byArabicName.body.data.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    const newest = await json('/api/admin/products', { headers: operator.headers });
    expect(newest.body.data.rows[0].id).toBe(id);
  });

  test('one save changes several products, each audited, stock changes recorded as movements with the note', async () => {
    const a = await makeProduct(db, { price: 10000, stock: 3 });
    const b = await makeProduct(db, { price: 20000, stock: 0 });
    const res = await save({
      rows: [
        { id: a, price: 12550, before_discount: 15000, was: was(await productRow(a)) },
        { id: b, stock: 12, was: was(await productRow(b)) },
      ],
      note: 'Delivery from the roaster',
    });
    expect(res.status).toBe(200);
    expect(await productRow(a)).toMatchObject({ price: 12550, before_discount: 15000, stock: 3 });
    expect(await stockOf(db, b)).toBe(12);
    expect(await movementsOf(a)).toEqual([]);
    expect(await movementsOf(b)).toMatchObject([
      { delta: 12, stock_after: 12, reason: 'manual', actor: `staff:${operator.id}`, note: 'Delivery from the roaster' },
    ]);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'product.update')
      .where('subject_id', '=', String(a))
      .execute();
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ price: 10000, before_discount: null, stock: 3 });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ price: 12550, before_discount: 15000, stock: 3 });
    // The shop's own API shows the new price at once.
    const { slug } = await db.selectFrom('products').select('slug').where('id', '=', a).executeTakeFirstOrThrow();
    expect((await json(`/api/products/${slug}`)).body.data).toMatchObject({ price: 12550, beforeDiscount: 15000 });
  });

  test('a refused row refuses the whole save: nothing is half-written, the refusal names its cell in the operator’s language', async () => {
    const a = await makeProduct(db, { price: 10000, stock: 3 });
    const b = await makeProduct(db, { price: 20000, stock: 5 });
    const res = await save(
      {
        rows: [
          { id: a, stock: 9, was: was(await productRow(a)) },
          { id: b, before_discount: 20000, was: was(await productRow(b)) },
        ],
      },
      operator.cookie,
      'ar-EG',
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([`${b}.before_discount`]);
    expect(res.body.message).toContain('السعر القديم');
    expect(await stockOf(db, a)).toBe(3);
    expect(await movementsOf(a)).toEqual([]);
  });

  test('stock an order took since the page opened is never overwritten; a price change does not wait for it', async () => {
    const id = await makeProduct(db, { price: 30000, stock: 5 });
    const seen = was(await productRow(id));
    expect((await codOrderOf(db, json, id, 2)).status).toBe(201);

    const stale = await save({ rows: [{ id, stock: 10, was: seen }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed since this page was opened/);
    expect(await stockOf(db, id)).toBe(3);

    expect((await save({ rows: [{ id, price: 28000, was: seen }] })).status).toBe(200);
    expect((await productRow(id)).price).toBe(28000);
  });

  test('orders, cancellations and edits each leave a movement with the stock after it', async () => {
    const id = await makeProduct(db, { price: 30000, stock: 5 });
    const order = await codOrderOf(db, json, id, 2);
    const orderId = order.body.data.id as number;
    const cancelled = await json(
      `/api/admin/orders/${orderId}/move`,
      jsonInit('POST', { from: 'PLACED', to: 'CANCELED', reason: 'Shopper called to cancel' }, operator.cookie),
    );
    expect(cancelled.status).toBe(200);
    const { name: staffName } = await db
      .selectFrom('staff')
      .select('name')
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    const history = await json(`/api/admin/products/${id}/stock`, { headers: operator.headers });
    expect(
      history.body.data.map(
        (m: { reason: string; delta: number; stock_after: number; order_id: number | null; actor: string }) => [
          m.reason,
          m.delta,
          m.stock_after,
          m.order_id,
          m.actor,
        ],
      ),
    ).toEqual([
      ['cancel', 2, 5, orderId, staffName],
      ['order', -2, 3, orderId, 'shopper'],
    ]);
  });

  test('support may not read or change the grid', async () => {
    const id = await makeProduct(db, { price: 10000, stock: 3 });
    expect((await json('/api/admin/products', { headers: support.headers })).status).toBe(403);
    expect((await save({ rows: [{ id, stock: 1, was: was(await productRow(id)) }] }, support.cookie)).status).toBe(403);
    expect(await stockOf(db, id)).toBe(3);
  });
});
