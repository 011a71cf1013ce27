import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApi } from '../support/test-db.ts';

let t: Awaited<ReturnType<typeof testApi>>;
let inStock: { id: number; price: number; stock: number; name: string };
let soldOut: { id: number };
beforeAll(async () => {
  t = await testApi();
  const { body } = await t.json('/api/products?per_page=60');
  inStock = body.data.find((p: { stock: number }) => p.stock >= 2);
  soldOut = body.data.find((p: { stock: number }) => p.stock === 0);
});
afterAll(() => t.close());

const quote = (products: unknown, lang = 'en-US') => t.post(`/api/cart/quote?lang=${lang}`, { products });

describe('POST /api/cart/quote', () => {
  test('prices and stock of many products at once, with totals in piastres', async () => {
    const res = await quote([
      { product_id: inStock.id, quantity: 2 },
      { product_id: soldOut.id, quantity: 1 },
      { product_id: 999_999, quantity: 1 },
    ]);
    expect(res.status).toBe(200);
    const { items, unknown_ids, sub_total, total, totalItems } = res.body.data;
    expect(items.map((i: { product: { id: number } }) => i.product.id)).toEqual([inStock.id, soldOut.id]);
    expect(items[0]).toMatchObject({ quantity: 2, product: { price: inStock.price, stock: inStock.stock, name: inStock.name } });
    expect(items[1]).toMatchObject({ quantity: 1, product: { stock: 0 } });
    expect(unknown_ids).toEqual([999_999]);
    const expected = items.reduce(
      (sum: number, i: { quantity: number; product: { price: number } }) => sum + i.quantity * i.product.price,
      0,
    );
    expect(sub_total).toBe(expected);
    expect(total).toBe(expected);
    expect(totalItems).toBe(3);
    expect(Number.isInteger(sub_total)).toBe(true);
  });

  test('quantities above the stock are lowered to it; repeated ids are added up', async () => {
    const res = await quote([
      { product_id: inStock.id, quantity: inStock.stock },
      { product_id: inStock.id, quantity: 5 },
    ]);
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.items[0].quantity).toBe(inStock.stock);
    expect(res.body.data.sub_total).toBe(inStock.stock * inStock.price);
  });

  test('names come in the requested language', async () => {
    const en = await quote([{ product_id: inStock.id, quantity: 1 }]);
    const ar = await quote([{ product_id: inStock.id, quantity: 1 }], 'ar-SA');
    expect(ar.body.data.items[0].product.name).not.toBe(en.body.data.items[0].product.name);
    expect(ar.body.data.items[0].product.name).toMatch(/[\u0600-\u06FF]/);
  });

  test('an empty cart quotes to zero', async () => {
    const res = await quote([]);
    expect(res.body.data).toMatchObject({ items: [], unknown_ids: [], sub_total: 0, total: 0 });
  });

  test('bad payloads get 422 with localized field messages', async () => {
    const res = await quote([{ product_id: 'x', quantity: 0.5 }], 'ar-SA');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['products.0.product_id', 'products.0.quantity']));
    expect(res.body.messages[0]).toMatch(/[\u0600-\u06FF]/);
    const tooMany = await quote(Array.from({ length: 101 }, (_, i) => ({ product_id: i + 1, quantity: 1 })));
    expect(tooMany.status).toBe(422);
    const broken = await t.api.request('/api/cart/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
  });
});
