import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mergeCarts, cartPayload } from '../../src/lib/cart-merge.ts';
import type { CartLine } from '../../src/lib/cart-math.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

type Shopper = Awaited<ReturnType<typeof makeShopper>>;
interface Card {
  id: number;
  name: string;
  price: number;
  stock: number;
}

let t: Awaited<ReturnType<typeof testApi>>;
let inStock: Card[];
let soldOut: Card;
beforeAll(async () => {
  t = await testApi();
  const { body } = await t.json('/api/products?per_page=60');
  inStock = body.data.filter((p: Card) => p.stock >= 2 && p.stock <= 40).slice(0, 8);
  soldOut = body.data.find((p: Card) => p.stock === 0);
  expect(inStock.length).toBe(8);
});
afterAll(() => t.close());

const call = (s: Shopper, method: string, path: string, payload?: unknown) =>
  t.json(path, {
    method,
    headers: { ...s.headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
const send = (s: Shopper, products: { product_id: number; quantity: number }[], lang = 'en-US') =>
  call(s, 'POST', `/api/shopping-cart?lang=${lang}`, { products });
const ids = (items: { product: { id: number } }[]) => items.map((i) => i.product.id);

describe('server cart', () => {
  test('a new shopper has an empty cart with the spec detail fields', async () => {
    const s = await makeShopper(t.db);
    const res = await call(s, 'GET', '/api/shopping-cart');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      items: [],
      sub_total: 0,
      total: 0,
      totalItems: 0,
      delivery_charge: 0,
      walletAmount: 0,
      discount: 0,
    });
  });

  test('POST replaces the whole cart, prices come from the database, GET returns it in the same order', async () => {
    const s = await makeShopper(t.db);
    const [a, b, c] = inStock as [Card, Card, Card];
    await send(s, [{ product_id: a.id, quantity: 1 }]);
    const res = await send(s, [
      { product_id: c.id, quantity: 2 },
      { product_id: b.id, quantity: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(ids(res.body.data.items)).toEqual([c.id, b.id]);
    expect(res.body.data.items[0]).toMatchObject({
      quantity: 2,
      product: { id: c.id, price: c.price, name: c.name, stock: c.stock },
    });
    expect(res.body.data.sub_total).toBe(2 * c.price + b.price);
    expect(res.body.data.total).toBe(res.body.data.sub_total);
    expect(res.body.data.totalItems).toBe(3);
    const again = await call(s, 'GET', '/api/shopping-cart');
    expect(again.body.data).toEqual(res.body.data);
    const ar = await call(s, 'GET', '/api/shopping-cart?lang=ar-SA');
    expect(ar.body.data.items[0].product.name).toMatch(/[\u0600-\u06FF]/);
  });

  test('DELETE removes one line; the rest stays', async () => {
    const s = await makeShopper(t.db);
    const [a, b] = inStock as [Card, Card];
    await send(s, [
      { product_id: a.id, quantity: 1 },
      { product_id: b.id, quantity: 2 },
    ]);
    const res = await call(s, 'DELETE', `/api/shopping-cart/${a.id}`);
    expect(res.status).toBe(200);
    expect(ids(res.body.data.items)).toEqual([b.id]);
    expect(res.body.data.sub_total).toBe(2 * b.price);
    expect((await call(s, 'DELETE', '/api/shopping-cart/999999')).status).toBe(404);
    expect((await call(s, 'DELETE', '/api/shopping-cart/abc')).status).toBe(422);
  });

  test('above the stock, sold out, unknown ids and repeats are refused with clear messages; nothing changes', async () => {
    const s = await makeShopper(t.db);
    const [a, b] = inStock as [Card, Card];
    await send(s, [{ product_id: b.id, quantity: 1 }]);
    const above = await send(s, [{ product_id: a.id, quantity: a.stock + 1 }]);
    expect(above.status).toBe(422);
    expect(above.body.errors['products.0.quantity']).toEqual([`Only ${a.stock} of ${a.name} in stock`]);
    expect(above.body.message).toBe(`Only ${a.stock} of ${a.name} in stock`);
    const unknown = await send(
      s,
      [
        { product_id: a.id, quantity: 1 },
        { product_id: 999_999, quantity: 1 },
      ],
      'ar-SA',
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors['products.1.product_id']).toEqual(['المنتج 999999 غير موجود']);
    const gone = await send(s, [{ product_id: soldOut.id, quantity: 1 }]);
    expect(gone.body.errors['products.0.quantity'][0]).toMatch(/out of stock/);
    const twice = await send(s, [
      { product_id: a.id, quantity: 1 },
      { product_id: a.id, quantity: 1 },
    ]);
    expect(twice.body.errors['products.1.product_id']).toEqual([`Product ${a.id} is listed more than once`]);
    const zero = await send(s, [{ product_id: a.id, quantity: 0 }]);
    expect(zero.status).toBe(422);
    expect(ids((await call(s, 'GET', '/api/shopping-cart')).body.data.items)).toEqual([b.id]);
  });

  test('merge (property): server cart after sending the merged cart = sum capped at stock, no line lost, no duplicates', async () => {
    const s = await makeShopper(t.db);
    const arbCart = fc
      .uniqueArray(fc.integer({ min: 0, max: inStock.length - 1 }), { maxLength: 5 })
      .chain((picks) => fc.tuple(...picks.map((i) => fc.integer({ min: 1, max: inStock[i]!.stock }).map((q) => ({ i, q })))));
    await fc.assert(
      fc.asyncProperty(arbCart, arbCart, async (guest, account) => {
        await send(
          s,
          account.map(({ i, q }) => ({ product_id: inStock[i]!.id, quantity: q })),
        );
        const server = (await call(s, 'GET', '/api/shopping-cart')).body.data.items as CartLine[];
        const local: CartLine[] = guest.map(({ i, q }) => ({
          product: { ...inStock[i]!, beforeDiscount: null, images: [] },
          quantity: q,
        }));
        const reply = await send(s, cartPayload(mergeCarts(local, server)).products);
        expect(reply.status).toBe(200);
        const items = reply.body.data.items as CartLine[];
        const wanted = new Set([...guest, ...account].map(({ i }) => inStock[i]!.id));
        expect(new Set(ids(items))).toEqual(wanted);
        expect(items).toHaveLength(wanted.size);
        for (const item of items) {
          const sum = [...guest, ...account]
            .filter(({ i }) => inStock[i]!.id === item.product.id)
            .reduce((acc, { q }) => acc + q, 0);
          expect(item.quantity).toBe(Math.min(sum, item.product.stock));
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('wishlist', () => {
  test('POST toggles, GET lists the products each with id', async () => {
    const s = await makeShopper(t.db);
    const [a, b] = inStock as [Card, Card];
    const on = await call(s, 'POST', `/api/wishlist/${a.id}`);
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ product_id: a.id, listed: true });
    await call(s, 'POST', `/api/wishlist/${b.id}`);
    const list = await call(s, 'GET', '/api/wishlist');
    expect(list.body.data.map((p: Card) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.body.data.find((p: Card) => p.id === a.id)).toMatchObject({ name: a.name, price: a.price });
    const off = await call(s, 'POST', `/api/wishlist/${a.id}`);
    expect(off.body.data.listed).toBe(false);
    expect((await call(s, 'GET', '/api/wishlist')).body.data.map((p: Card) => p.id)).toEqual([b.id]);
  });

  test('unknown or malformed product ids are refused, in the request language', async () => {
    const s = await makeShopper(t.db);
    const res = await call(s, 'POST', '/api/wishlist/999999?lang=ar-SA');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('المنتج غير موجود');
    expect((await call(s, 'POST', '/api/wishlist/0')).status).toBe(422);
  });
});

describe("one shopper never reaches another's cart or wishlist", () => {
  test('each shopper sees and changes only their own', async () => {
    const alice = await makeShopper(t.db);
    const bob = await makeShopper(t.db);
    const [a, b] = inStock as [Card, Card];
    await send(alice, [{ product_id: a.id, quantity: 1 }]);
    await call(alice, 'POST', `/api/wishlist/${a.id}`);
    // Bob's writes name the same products: they touch Bob's rows only.
    await send(bob, [{ product_id: b.id, quantity: 1 }]);
    await call(bob, 'DELETE', `/api/shopping-cart/${a.id}`);
    await call(bob, 'POST', `/api/wishlist/${a.id}`);
    expect(ids((await call(alice, 'GET', '/api/shopping-cart')).body.data.items)).toEqual([a.id]);
    expect((await call(alice, 'GET', '/api/wishlist')).body.data.map((p: Card) => p.id)).toEqual([a.id]);
    expect(ids((await call(bob, 'GET', '/api/shopping-cart')).body.data.items)).toEqual([b.id]);
    await call(bob, 'POST', `/api/wishlist/${a.id}`);
    expect((await call(bob, 'GET', '/api/wishlist')).body.data).toEqual([]);
    expect((await call(alice, 'GET', '/api/wishlist')).body.data.map((p: Card) => p.id)).toEqual([a.id]);
  });

  test('every endpoint refuses a missing or forged token with a localized 401', async () => {
    const requests: [string, string][] = [
      ['GET', '/api/shopping-cart'],
      ['POST', '/api/shopping-cart'],
      ['DELETE', '/api/shopping-cart/1'],
      ['GET', '/api/wishlist'],
      ['POST', '/api/wishlist/1'],
    ];
    for (const [method, path] of requests) {
      for (const headers of [{}, { authorization: 'Bearer forged.token.value' }]) {
        const res = await t.json(`${path}?lang=ar-SA`, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: method === 'POST' ? '{"products":[]}' : null,
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.message).toBe('يرجى تسجيل الدخول للمتابعة.');
      }
    }
  });
});
