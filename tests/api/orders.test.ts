import { afterAll, describe, expect, test, vi } from 'vitest';
import * as catalogChanges from '../../src/server/services/catalog/catalog-changes.ts';
import { moveOrder } from '../../src/core/orders/server/order-moves.ts';
import { TEST_ACTOR } from '../support/order-states.ts';
import { creditWallet, makeAddress, makeCoupon, makeProduct, placeOrder, send, stockOf } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);

const announce = vi.spyOn(catalogChanges, 'announceCatalogChange');

async function setup(p = { price: 30000, stock: 5, before_discount: 40000 as number | null }) {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, p);
  const address = await makeAddress(db, shopper.id);
  return { shopper, productId, address };
}

describe('POST /orders', () => {
  test('prices come from the database; tampered prices, discounts and totals are ignored', async () => {
    const { shopper, productId, address } = await setup();
    const res = await json(
      '/api/orders',
      send('POST', shopper.headers, {
        products: [{ product_id: productId, quantity: 2, price: 1 }],
        address_id: address.id,
        payment_method: 'cash_on_delivery',
        total: 1,
        DiscountedTotal: 1,
        discount: 999999,
        subtotal: 1,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'PLACED',
      SubTotal: 80000,
      saleDiscountAmount: 20000,
      DiscountAmount: 0,
      DiscountedSubtotal: 60000,
      Shipping_Fees: address.fee,
      walletAmount: 0,
      DiscountedTotal: 60000 + address.fee,
    });
    expect(res.body.data.items).toEqual([
      expect.objectContaining({ product_id: productId, price: 30000, quantity: 2, total: 60000 }),
    ]);
    expect(await stockOf(db, productId)).toBe(3);
    expect(announce).toHaveBeenCalledWith(db, { productIds: [productId] });
  });

  test("the ordered lines leave the shopper's server cart; other lines stay", async () => {
    const { shopper, productId, address } = await setup();
    const kept = await makeProduct(db, { price: 5000, stock: 5, before_discount: null });
    const saved = await json(
      '/api/shopping-cart',
      send('POST', shopper.headers, {
        products: [
          { product_id: productId, quantity: 1 },
          { product_id: kept, quantity: 2 },
        ],
      }),
    );
    expect(saved.status).toBe(200);
    const res = await placeOrder(json, shopper, productId, { address_id: address.id });
    expect(res.status).toBe(201);
    const cart = await json('/api/shopping-cart', { headers: shopper.headers });
    expect(cart.body.data.items.map((i: { product: { id: number }; quantity: number }) => [i.product.id, i.quantity])).toEqual([
      [kept, 2],
    ]);
  });

  test("someone else's address is refused and nothing is written", async () => {
    const { shopper, productId } = await setup();
    const other = await makeShopper(db);
    const theirs = await makeAddress(db, other.id);
    const res = await placeOrder(json, shopper, productId, { address_id: theirs.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This address is not in your address book.');
    expect(await stockOf(db, productId)).toBe(5);
  });

  test('the spec messages for a missing address and a missing payment method, in both languages', async () => {
    const { shopper, productId, address } = await setup();
    const noAddress = await json(
      '/api/orders',
      send('POST', shopper.headers, { products: [{ product_id: productId, quantity: 1 }], payment_method: 'cash_on_delivery' }),
    );
    expect(noAddress).toMatchObject({ status: 422, body: { message: 'You should select address or fill required data first' } });
    const noPayment = await json(
      '/api/orders?lang=ar-SA',
      send('POST', shopper.headers, { products: [{ product_id: productId, quantity: 1 }], address_id: address.id }),
    );
    expect(noPayment).toMatchObject({ status: 422, body: { message: 'يجب اختيار طريقة الدفع' } });
    const en = await json(
      '/api/orders',
      send('POST', shopper.headers, { products: [{ product_id: productId, quantity: 1 }], address_id: address.id }),
    );
    expect(en.body.message).toBe('You Should to Select Payment');
  });

  test('more than the stock is refused with the product named, and the stock is untouched', async () => {
    const { shopper, productId, address } = await setup();
    const res = await placeOrder(json, shopper, productId, { quantity: 6, address_id: address.id });
    expect(res.status).toBe(409);
    expect(res.body.detail).toEqual({ products: [productId] });
    expect(await stockOf(db, productId)).toBe(5);
  });

  test('an inline address is used, copied into the order and saved to the address book', async () => {
    const { productId } = await setup();
    const shopper = await makeShopper(db);
    const g = await db
      .selectFrom('governorates')
      .select(['id', 'delivery_fee'])
      .where('code', '=', 'ALX')
      .executeTakeFirstOrThrow();
    const address = { title: 'Work', governorate_id: g.id, city: 'Alexandria', area: 'Smouha', street: '1 Fawzy Moaz' };
    const res = await json(
      '/api/orders',
      send('POST', shopper.headers, {
        products: [{ product_id: productId, quantity: 1 }],
        address,
        payment_method: 'cash_on_delivery',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.address).toMatchObject({ title: 'Work', governorate: 'Alexandria', city: 'Alexandria' });
    expect(res.body.data.Shipping_Fees).toBe(g.delivery_fee);
    const saved = await db.selectFrom('addresses').selectAll().where('user_id', '=', shopper.id).execute();
    expect(saved).toEqual([expect.objectContaining({ title: 'Work', is_primary: 1 })]);
  });

  test('the order keeps its copy when the address and the price change later', async () => {
    const { shopper, productId, address } = await setup();
    const placed = await placeOrder(json, shopper, productId, { address_id: address.id });
    await db.updateTable('addresses').set({ street: 'Moved away' }).where('id', '=', address.id).execute();
    await db.updateTable('products').set({ price: 99900 }).where('id', '=', productId).execute();
    const read = await json(`/api/orders/${placed.body.data.id}`, { headers: shopper.headers });
    expect(read.body.data.address.street).toBe('26 July St');
    expect(read.body.data.items[0].price).toBe(30000);
  });

  test('free delivery from the threshold kept in the database', async () => {
    const { shopper, productId, address } = await setup({ price: 60000, stock: 5, before_discount: null });
    const summary = (q: number) =>
      json(
        `/api/orders/summary?products=${encodeURIComponent(JSON.stringify([{ product_id: productId, quantity: q }]))}&address_id=${address.id}`,
        { headers: shopper.headers },
      );
    expect((await summary(1)).body.data.Shipping_Fees).toBe(address.fee);
    expect((await summary(2)).body.data.Shipping_Fees).toBe(0);
    await db.updateTable('shop_settings').set({ value: '200000' }).where('key', '=', 'free_delivery_threshold').execute();
    expect((await summary(2)).body.data.Shipping_Fees).toBe(address.fee);
    await db.updateTable('shop_settings').set({ value: '100000' }).where('key', '=', 'free_delivery_threshold').execute();
  });
});

describe('wallet', () => {
  test('pays part of a cash order, all of a wallet order, and a cancellation credits it back', async () => {
    const { shopper, productId, address } = await setup({ price: 30000, stock: 5, before_discount: null });
    await creditWallet(db, shopper.id, 10000);
    const part = await placeOrder(json, shopper, productId, { address_id: address.id, use_wallet: true });
    expect(part.body.data).toMatchObject({ walletAmount: 10000, DiscountedTotal: 30000 + address.fee - 10000 });
    expect((await json('/api/wallet', { headers: shopper.headers })).body.data.balance).toBe(0);

    const short = await placeOrder(json, shopper, productId, { address_id: address.id, payment_method: 'wallet' });
    expect(short).toMatchObject({ status: 422, body: { message: 'Your wallet balance does not cover this order.' } });

    announce.mockClear();
    const cancel = await json(`/api/orders/${part.body.data.id}/cancel`, send('POST', shopper.headers));
    expect(cancel.body.data.status).toBe('CANCELED');
    // The restored stock is announced (after the commit) like the sale was.
    expect(announce).toHaveBeenCalledWith(db, { productIds: [productId] });
    const wallet = await json('/api/wallet', { headers: shopper.headers });
    expect(wallet.body.data.balance).toBe(10000);
    expect(wallet.body.data.entries.map((e: { reason: string; amount: number }) => [e.reason, e.amount])).toEqual([
      ['order_refund', 10000],
      ['order_payment', -10000],
      ['credit', 10000],
    ]);
    expect(await stockOf(db, productId)).toBe(5);

    await creditWallet(db, shopper.id, 100000);
    const full = await placeOrder(json, shopper, productId, { address_id: address.id, payment_method: 'wallet' });
    expect(full.body.data).toMatchObject({ walletAmount: 30000 + address.fee, DiscountedTotal: 0 });
    expect((await json('/api/wallet', { headers: shopper.headers })).body.data.balance).toBe(110000 - 30000 - address.fee);
  });
});

describe('coupons', () => {
  test('percentage and fixed coupons, minimum subtotal, validity window, per-shopper limit', async () => {
    const { shopper, productId, address } = await setup({ price: 30000, stock: 50, before_discount: null });
    const line = [{ product_id: productId, quantity: 1 }];
    const check = (coupon: string) => json('/api/checkCoupon', send('POST', shopper.headers, { coupon, products: line }));
    expect((await check(await makeCoupon(db, { kind: 'percent', value: 10 }))).body.data.DiscountAmount).toBe(3000);
    expect((await check((await makeCoupon(db, { kind: 'fixed', value: 5000 })).toLowerCase())).body.data.DiscountAmount).toBe(
      5000,
    );
    for (const code of [
      'NOPE',
      await makeCoupon(db, { min_subtotal: 30001 }),
      await makeCoupon(db, { ends_at: '2020-01-01T00:00:00.000Z' }),
      await makeCoupon(db, { starts_at: '2999-01-01T00:00:00.000Z' }),
      await makeCoupon(db, { active: 0 }),
    ]) {
      expect(await check(code)).toMatchObject({ status: 422, body: { message: 'Invalid Coupon' } });
    }
    const once = await makeCoupon(db, { per_user_limit: 1 });
    const order = (coupon: string) =>
      json(
        '/api/orders',
        send('POST', shopper.headers, { products: line, address_id: address.id, payment_method: 'cash_on_delivery', coupon }),
      );
    expect((await order(once)).body.data).toMatchObject({ DiscountAmount: 3000, coupon_code: once });
    expect(await order(once)).toMatchObject({ status: 422, body: { message: 'Invalid Coupon' } });
    expect((await json('/api/checkCoupon?lang=ar-SA', send('POST', shopper.headers, { coupon: once }))).body.message).toBe(
      'كوبون غير صالح',
    );
  });
});

describe('ownership and the order life', () => {
  test("every order endpoint needs a login and answers only for the shopper's own orders", async () => {
    const { shopper, productId, address } = await setup();
    const placed = await placeOrder(json, shopper, productId, { address_id: address.id });
    const id = placed.body.data.id;
    const other = await makeShopper(db);
    for (const [method, path] of [
      ['GET', `/api/orders/${id}`],
      ['POST', `/api/orders/${id}/cancel`],
      ['POST', `/api/reorder/${id}`],
    ] as const) {
      expect((await api.request(path, send(method, {}))).status).toBe(401);
      expect((await json(path, send(method, other.headers))).status).toBe(404);
    }
    for (const [method, path] of [
      ['GET', '/api/orders'],
      ['GET', '/api/wallet'],
      ['POST', '/api/orders'],
      ['POST', '/api/checkCoupon'],
      ['GET', '/api/checkout/addresses'],
      ['GET', '/api/orders/summary?products=[]'],
    ] as const) {
      expect((await api.request(path, send(method, {}, method === 'POST' ? {} : undefined))).status).toBe(401);
    }
    expect((await json('/api/orders', { headers: other.headers })).body.data).toEqual([]);
    expect((await json('/api/checkout/addresses', { headers: other.headers })).body.data).toEqual([]);
    expect((await json(`/api/orders/${id}`, { headers: shopper.headers })).body.data.id).toBe(id);
  });

  test('cancel only before PREPARE; reorder says what changed', async () => {
    const { shopper, productId, address } = await setup({ price: 30000, stock: 5, before_discount: null });
    const { moveOrderTo } = await import('../support/order-states.ts');
    const place = () => placeOrder(json, shopper, productId, { quantity: 2, address_id: address.id });
    const a = (await place()).body.data.id;
    await moveOrderTo(db, a, 'PREPARE');
    expect(await json(`/api/orders/${a}/cancel`, send('POST', shopper.headers))).toMatchObject({
      status: 409,
      body: { message: 'This order can no longer be cancelled.' },
    });
    await expect(moveOrder(db, { orderId: a, from: 'PREPARE', to: 'DELIVERED' }, TEST_ACTOR)).rejects.toMatchObject({
      code: 'admin.notAllowedMove',
    });
    expect(await stockOf(db, productId)).toBe(3);

    await db.updateTable('products').set({ price: 32000, stock: 1 }).where('id', '=', productId).execute();
    const again = await json(`/api/reorder/${a}`, send('POST', shopper.headers));
    expect(again.body.data.items).toEqual([
      expect.objectContaining({ quantity: 1, product: expect.objectContaining({ id: productId, price: 32000 }) }),
    ]);
    expect(again.body.data.changes).toEqual([
      expect.objectContaining({ kind: 'price_changed', from: 30000, to: 32000 }),
      expect.objectContaining({ kind: 'quantity_lowered', from: 2, to: 1 }),
    ]);
  });
});

test('payment methods and delivery terms come from data', async () => {
  const methods = await json('/api/payment-methods?lang=ar-SA');
  // The whole list, online methods included, is asserted in payments.test.ts.
  expect(methods.body.data.map((m: { code: string }) => m.code).slice(0, 2)).toEqual(['cash_on_delivery', 'wallet']);
  expect(methods.body.data[0].name).toBe('الدفع عند الاستلام');
  // A disabled row disappears: methods are data.
  await db.updateTable('payment_methods').set({ enabled: 0 }).where('code', '=', 'apple_pay').execute();
  expect((await json('/api/payment-methods')).body.data.map((m: { code: string }) => m.code)).not.toContain('apple_pay');
  await db.updateTable('payment_methods').set({ enabled: 1 }).where('code', '=', 'apple_pay').execute();
  const terms = await json('/api/delivery-terms');
  expect(terms.body.data.free_delivery_threshold).toBe(100000);
  expect(terms.body.data.governorates).toHaveLength(27);
  for (const g of terms.body.data.governorates) expect(g.delivery_days).toBeGreaterThanOrEqual(1);
});
