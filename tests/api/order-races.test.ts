import { afterAll, expect, test } from 'vitest';
import { creditWallet, makeAddress, makeCoupon, makeProduct, send, stockOf } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Concurrency on the configured engine: SQLite (Kysely runs transactions one after another on its connection) and
 * PostgreSQL (DATABASE_URL; 10 pooled connections really run them in parallel).
 */
const { api, db, engine, close } = await testApi();
afterAll(close);

const buyers = await Promise.all(
  Array.from({ length: 50 }, async () => {
    const shopper = await makeShopper(db);
    const address = await makeAddress(db, shopper.id);
    return { ...shopper, addressId: address.id };
  }),
);

const order = (buyer: (typeof buyers)[number], body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.request(
    '/api/orders',
    send('POST', { ...buyer.headers, ...headers }, { address_id: buyer.addressId, payment_method: 'cash_on_delivery', ...body }),
  );

const ordersOf = async (productId: number) =>
  (await db.selectFrom('order_lines').select('order_id').where('product_id', '=', productId).execute()).length;

test(`${engine}: 50 concurrent buyers for 10 units, 20 times over: exactly 10 orders and stock 0 every time`, async () => {
  for (let round = 0; round < 20; round += 1) {
    const productId = await makeProduct(db, { price: 25000, stock: 10 });
    const responses = await Promise.all(buyers.map((b) => order(b, { products: [{ product_id: productId, quantity: 1 }] })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(db, productId)).toBe(0);
    expect(await ordersOf(productId)).toBe(10);
  }
  // A thousand orders; each request also checks its session is alive, as every real token's does. 20-40 s on
  // PostgreSQL beside the journeys; over a minute on a machine loaded fivefold.
}, 120_000);

test(`${engine}: 20 concurrent uses of a coupon limited to 5: exactly 5`, async () => {
  const productId = await makeProduct(db, { price: 25000, stock: 1000 });
  const coupon = await makeCoupon(db, { usage_limit: 5, kind: 'fixed', value: 1000 });
  const responses = await Promise.all(
    buyers.slice(0, 20).map((b) => order(b, { products: [{ product_id: productId, quantity: 1 }], coupon })),
  );
  const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ message?: string }>));
  expect(responses.filter((r) => r.status === 201)).toHaveLength(5);
  expect(bodies.filter((b) => b.message === 'Invalid Coupon')).toHaveLength(15);
  const row = await db.selectFrom('coupons').select('used_count').where('code', '=', coupon).executeTakeFirstOrThrow();
  expect(row.used_count).toBe(5);
  expect(await db.selectFrom('orders').select('id').where('coupon_code', '=', coupon).execute()).toHaveLength(5);
  // Refused orders left nothing behind: 5 units sold.
  expect(await stockOf(db, productId)).toBe(995);
});

test(`${engine}: 10 concurrent orders of one shopper with a once-per-shopper coupon: it is used once`, async () => {
  const productId = await makeProduct(db, { price: 25000, stock: 1000 });
  const coupon = await makeCoupon(db, { per_user_limit: 1 });
  const buyer = buyers[4]!;
  const responses = await Promise.all(
    Array.from({ length: 10 }, () => order(buyer, { products: [{ product_id: productId, quantity: 1 }], coupon })),
  );
  expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
  expect(responses.filter((r) => r.status === 422)).toHaveLength(9);
});

test(`${engine}: the same Idempotency-Key sent 10 times concurrently makes one order`, async () => {
  const productId = await makeProduct(db, { price: 25000, stock: 100 });
  const buyer = buyers[0]!;
  const key = `double-click-${productId}`;
  const responses = await Promise.all(
    Array.from({ length: 10 }, () =>
      order(buyer, { products: [{ product_id: productId, quantity: 2 }] }, { 'idempotency-key': key }),
    ),
  );
  const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ data: { id: number; replayed: boolean } }>));
  expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  expect(new Set(bodies.map((b) => b.data.id)).size).toBe(1);
  expect(await ordersOf(productId)).toBe(1);
  expect(await stockOf(db, productId)).toBe(98);
  // The same key with a different body is refused, not answered with the old order.
  const reused = await order(buyer, { products: [{ product_id: productId, quantity: 3 }] }, { 'idempotency-key': key });
  expect(reused.status).toBe(422);
  // Another shopper may use the same key for their own order.
  expect(
    (await order(buyers[1]!, { products: [{ product_id: productId, quantity: 2 }] }, { 'idempotency-key': key })).status,
  ).toBe(201);
});

test(`${engine}: concurrent wallet orders of one shopper never spend more than the balance`, async () => {
  const productId = await makeProduct(db, { price: 25000, stock: 100 });
  const buyer = buyers[2]!;
  const fee = (await db.selectFrom('governorates').select('delivery_fee').where('code', '=', 'C').executeTakeFirstOrThrow())
    .delivery_fee;
  await creditWallet(db, buyer.id, 2 * (25000 + fee));
  const responses = await Promise.all(
    Array.from({ length: 6 }, () =>
      order(buyer, { products: [{ product_id: productId, quantity: 1 }], payment_method: 'wallet' }),
    ),
  );
  expect(responses.filter((r) => r.status === 201)).toHaveLength(2);
  const ledger = await db.selectFrom('wallet_ledger').select('amount').where('user_id', '=', buyer.id).execute();
  expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
});

test(`${engine}: a cancellation racing itself restores stock once`, async () => {
  const productId = await makeProduct(db, { price: 25000, stock: 10 });
  const buyer = buyers[3]!;
  const placed = (await (await order(buyer, { products: [{ product_id: productId, quantity: 4 }] })).json()) as {
    data: { id: number };
  };
  const cancels = await Promise.all(
    Array.from({ length: 5 }, () => api.request(`/api/orders/${placed.data.id}/cancel`, send('POST', buyer.headers))),
  );
  expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
  expect(cancels.filter((r) => r.status === 409)).toHaveLength(4);
  expect(await stockOf(db, productId)).toBe(10);
});
