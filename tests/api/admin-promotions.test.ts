import { afterAll, describe, expect, test } from 'vitest';
import { cairoToday } from '../../src/lib/cairo-day.ts';
import { makeAddress, makeProduct, placeOrder, send } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const support = await makeStaff(db, api, 'support');

const get = (path: string, cookie = operator.cookie) => json(`/api/admin${path}`, { headers: { cookie } });
const post = (path: string, body: unknown, cookie = operator.cookie) => json(`/api/admin${path}`, jsonInit('POST', body, cookie));
const patch = (path: string, body: unknown, cookie = operator.cookie) =>
  json(`/api/admin${path}`, jsonInit('PATCH', body, cookie));
const auditOf = (action: string) =>
  db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
const couponCount = async () => (await db.selectFrom('coupons').select('id').execute()).length;

let n = 0;
const code = (prefix = 'DESK') => `${prefix}${Date.now() % 100_000}${(n += 1)}`;
const rules = {
  kind: 'percent' as const,
  value: 10,
  max_discount: 5000,
  min_subtotal: 0,
  starts_on: null,
  ends_on: null,
  usage_limit: null,
  per_user_limit: null,
};

/** A shopper asking the checkout about a code for one line of a 300 EGP product. */
async function shopperAsks(couponCode: string) {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: 30000, stock: 10 });
  return json(
    '/api/checkCoupon',
    send('POST', shopper.headers, { coupon: couponCode.toLowerCase(), products: [{ product_id: productId, quantity: 1 }] }),
  );
}

describe('coupons', () => {
  test('operations creates a coupon the checkout accepts at once, with its discount capped; audited', async () => {
    const c = code();
    const created = await post('/coupons', { ...rules, code: c.toLowerCase() });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: c, kind: 'percent', value: 10, active: true, used_count: 0 });

    const asked = await shopperAsks(c);
    expect(asked.status).toBe(200);
    // 10 % of 300 EGP is 30 EGP, under the 50 EGP maximum.
    expect(asked.body.data.DiscountAmount).toBe(3000);
    const [audit] = await auditOf('coupon.create');
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ code: c });
  });

  test('paused, the checkout refuses it; resumed, it works again; both audited with before and after', async () => {
    const c = code();
    const id = (await post('/coupons', { ...rules, code: c })).body.data.id as number;
    const paused = await patch(`/coupons/${id}`, { active: false });
    expect(paused.body.data.active).toBe(false);
    expect((await shopperAsks(c)).status).toBe(422);

    await patch(`/coupons/${id}`, { active: true });
    expect((await shopperAsks(c)).status).toBe(200);
    const [pause] = await auditOf('coupon.pause');
    expect(JSON.parse(pause!.before_json!)).toMatchObject({ active: true });
    expect(JSON.parse(pause!.after_json!)).toMatchObject({ active: false });
    expect((await auditOf('coupon.resume')).length).toBeGreaterThan(0);
  });

  test('a window in Cairo days: a coupon that starts tomorrow is refused today, and reads back as typed', async () => {
    const c = code();
    // Days in Cairo, as the desk counts them: UTC's date is yesterday in Cairo from 22:00 UTC (the test failed then).
    const today = cairoToday();
    const tomorrow = cairoToday(new Date(Date.now() + 2 * 24 * 3600_000));
    const created = await post('/coupons', { ...rules, code: c, starts_on: tomorrow, ends_on: tomorrow });
    expect(created.body.data).toMatchObject({ starts_on: tomorrow, ends_on: tomorrow });
    expect((await shopperAsks(c)).status).toBe(422);
    // Opened today: the checkout takes it.
    await patch(`/coupons/${created.body.data.id}`, { starts_on: null, ends_on: today });
    expect((await shopperAsks(c)).status).toBe(200);
  });

  test('edits change only what they name: a minimum above the cart refuses it', async () => {
    const c = code();
    const id = (await post('/coupons', { ...rules, code: c })).body.data.id as number;
    const edited = await patch(`/coupons/${id}`, { min_subtotal: 50000 });
    expect(edited.body.data).toMatchObject({ min_subtotal: 50000, value: 10, max_discount: 5000 });
    expect((await shopperAsks(c)).status).toBe(422);
  });

  test('a code in use is refused on its field, in the reader language, and nothing is written', async () => {
    const c = code();
    await post('/coupons', { ...rules, code: c });
    const before = await couponCount();
    const again = await post('/coupons?lang=ar-SA', { ...rules, code: c.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body.errors.code[0]).toBe('يوجد كوبون بكود الخصم هذا بالفعل. اختر كودًا آخر، أو افتح ذلك الكوبون لتعديله.');
    expect(await couponCount()).toBe(before);
  });

  test('rules across fields are refused on their field: percent over 100, a maximum on a fixed amount, an end before the start', async () => {
    const before = await couponCount();
    const over = await post('/coupons', { ...rules, code: code(), value: 150 });
    expect(over.status).toBe(422);
    expect(over.body.errors.value[0]).toBe('A percentage is at most 100.');
    const fixedMax = await post('/coupons', { ...rules, code: code(), kind: 'fixed', value: 2000 });
    expect(fixedMax.body.errors.max_discount[0]).toBe('A maximum discount applies to percentage coupons only.');
    const backwards = await post('/coupons', { ...rules, code: code(), starts_on: '2026-12-10', ends_on: '2026-12-01' });
    expect(backwards.body.errors.ends_on[0]).toBe('The last day comes before the first day.');
    const badCode = await post('/coupons', { ...rules, code: 'no spaces!' });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors.code).toHaveLength(1);
    expect(await couponCount()).toBe(before);
  });

  test('the list pages the newest first; a coupon page lists the orders that used it', async () => {
    const c = code();
    const id = (await post('/coupons', { ...rules, code: c })).body.data.id as number;
    const list = await get('/coupons?page=1');
    expect(list.body.data.rows[0]).toMatchObject({ id, code: c });
    expect(list.body.data.total).toBeGreaterThanOrEqual(1);

    const shopper = await makeShopper(db, { first_name: 'Salma' });
    const productId = await makeProduct(db, { price: 30000, stock: 10 });
    const address = await makeAddress(db, shopper.id);
    const placed = await placeOrder(json, shopper, productId, { address_id: address.id, coupon: c });
    expect(placed.status).toBe(201);
    const page = await get(`/coupons/${id}`);
    expect(page.body.data.coupon.used_count).toBe(1);
    expect(page.body.data.redemptions).toEqual([
      expect.objectContaining({ order_id: placed.body.data.id, shopper: 'Salma Shopper', discount: 3000 }),
    ]);
  });

  test('support may not manage coupons; an unknown coupon is a 404', async () => {
    expect((await get('/coupons', support.cookie)).status).toBe(403);
    expect((await post('/coupons', { ...rules, code: code() }, support.cookie)).status).toBe(403);
    expect((await get('/coupons/999999')).status).toBe(404);
    expect((await patch('/coupons/999999', { active: false })).status).toBe(404);
  });
});

describe('delivery fees', () => {
  const terms = async () => (await json('/api/delivery-terms')).body.data;
  const fees = async () => (await get('/delivery')).body.data;

  test('operations changes a fee, the days and the threshold; the cart reads them at once; audited', async () => {
    const current = await fees();
    const [first, ...rest] = current.governorates;
    const saved = await json(
      '/api/admin/delivery',
      jsonInit(
        'PUT',
        {
          governorates: [{ id: first.id, delivery_fee: 4250, delivery_days: 3 }, ...rest],
          free_delivery_threshold: 150000,
        },
        operator.cookie,
      ),
    );
    expect(saved.status).toBe(200);
    const after = await terms();
    expect(after.free_delivery_threshold).toBe(150000);
    expect(after.governorates.find((g: { id: number }) => g.id === first.id)).toMatchObject({
      delivery_fee: 4250,
      delivery_days: 3,
    });
    const [audit] = await auditOf('delivery.update');
    expect(JSON.parse(audit!.before_json!).governorates[0].delivery_fee).toBe(first.delivery_fee);

    // Emptied, delivery is never free.
    await json(
      '/api/admin/delivery',
      jsonInit('PUT', { governorates: current.governorates, free_delivery_threshold: null }, operator.cookie),
    );
    expect((await terms()).free_delivery_threshold).toBeNull();
  });

  test('one bad row refuses the whole change on its field, and nothing is written', async () => {
    const current = await fees();
    const [first, second, ...rest] = current.governorates;
    const bad = await json(
      '/api/admin/delivery?lang=ar-SA',
      jsonInit(
        'PUT',
        {
          governorates: [{ ...first, delivery_fee: 1 }, { ...second, delivery_days: 4 }, ...rest],
          free_delivery_threshold: null,
        },
        operator.cookie,
      ),
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['governorates.1.delivery_days']);
    const unknown = await json(
      '/api/admin/delivery',
      jsonInit(
        'PUT',
        { governorates: [{ id: 999999, delivery_fee: 1, delivery_days: 1 }], free_delivery_threshold: null },
        operator.cookie,
      ),
    );
    expect(unknown.status).toBe(422);
    expect(await fees()).toEqual(current);
  });

  test('two operators changing different rows keep both changes; a threshold left out stays as it was', async () => {
    const put = (body: unknown) => json('/api/admin/delivery', jsonInit('PUT', body, operator.cookie));
    await put({ governorates: [], free_delivery_threshold: 90000 });
    const [a, b] = (await fees()).governorates;
    await put({ governorates: [{ id: a.id, delivery_fee: 6100, delivery_days: a.delivery_days }] });
    await put({ governorates: [{ id: b.id, delivery_fee: 6200, delivery_days: b.delivery_days }] });
    const after = await fees();
    expect(after.governorates.slice(0, 2).map((g: { delivery_fee: number }) => g.delivery_fee)).toEqual([6100, 6200]);
    expect(after.free_delivery_threshold).toBe(90000);
  });

  test('support may not read or change delivery fees', async () => {
    expect((await get('/delivery', support.cookie)).status).toBe(403);
  });
});
