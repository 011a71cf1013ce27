import { afterAll, describe, expect, test } from 'vitest';
import { creditWallet, makeAddress, makeProduct, placeOrder, send } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Customers on the desk (issue 22 item 6, docs/back-office-money.md): search by any key, one shopper's whole picture,
 * wallet credits (support and finance) and debits (finance only, never below zero), and the cash-on-delivery flag
 * that takes cash on delivery out of that shopper's checkout.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const support = await makeStaff(db, api, 'support');
const finance = await makeStaff(db, api, 'finance');
const operations = await makeStaff(db, api, 'operations');

const asStaff = (cookie: string, method: string, path: string, body?: unknown) =>
  json(path, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const search = async (q: string) => {
  const res = await asStaff(support.cookie, 'GET', `/api/admin/customers?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.body.data.rows.map((r: { id: number }) => r.id) as number[];
};

describe('finding a shopper', async () => {
  const shopper = await makeShopper(db, { first_name: 'Nadia', email: 'nadia.farouk@example.com', phone: '+201098765432' });
  await db.updateTable('users').set({ last_name: 'Farouk' }).where('id', '=', shopper.id).execute();
  const address = await makeAddress(db, shopper.id);
  const productId = await makeProduct(db, { price: 20000, stock: 5 });
  const placed = await placeOrder(json, shopper, productId, { address_id: address.id });
  const orderId = placed.body.data.id as number;

  test.each([
    ['name', 'nadia farouk'],
    ['part of a name', 'Farou'],
    ['local phone', '01098765432'],
    ['phone with spaces', '010 9876 5432'],
    ['international phone', '+201098765432'],
    ['0020 phone', '00201098765432'],
    ['Arabic-Indic digits', '٠١٠٩٨٧٦٥٤٣٢'],
    ['e-mail', 'NADIA.FAROUK@example.com'],
    ['order number with #', `#${orderId}`],
  ])('by %s', async (_, q) => {
    expect(await search(q)).toContain(shopper.id);
  });

  test('by order number alone, and nothing for an empty search', async () => {
    expect(await search(String(orderId))).toContain(shopper.id);
    expect(await search('   ')).toEqual([]);
    expect(await search('nobody-like-this')).toEqual([]);
  });

  test('the profile: orders with statuses and totals, addresses, wallet ledger and balance, COD flag', async () => {
    await creditWallet(db, shopper.id, 5000);
    const res = await asStaff(support.cookie, 'GET', `/api/admin/customers/${shopper.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: shopper.id,
      name: 'Nadia Farouk',
      phone: '+201098765432',
      email: 'nadia.farouk@example.com',
      cod: { blocked: false, since: null, reason: null },
      orders: [{ id: orderId, status: 'PLACED', paymentMethod: 'cash_on_delivery', total: placed.body.data.DiscountedTotal }],
      addresses: [{ id: address.id, city: 'Cairo', governorate: expect.any(String) }],
      wallet: { balance: 5000, entries: [{ amount: 5000, reason: 'credit' }] },
    });
    expect((await asStaff(support.cookie, 'GET', '/api/admin/customers/999999')).status).toBe(404);
  });
});

describe('wallet credits and debits', () => {
  const adjust = (cookie: string, userId: number, body: unknown, lang = 'en-US') =>
    asStaff(cookie, 'POST', `/api/admin/customers/${userId}/wallet?lang=${lang}`, body);
  const balanceOf = async (userId: number) =>
    (await json('/api/wallet', { headers: await shopperHeaders(userId) })).body.data.balance as number;
  const tokens = new Map<number, Record<string, string>>();
  const shopperHeaders = async (userId: number) => tokens.get(userId)!;
  const newShopper = async () => {
    const s = await makeShopper(db);
    tokens.set(s.id, s.headers);
    return s;
  };

  test('support credits with a reason typed in pounds; the shopper sees it with the reason; audited with before and after', async () => {
    const shopper = await newShopper();
    const res = await adjust(support.cookie, shopper.id, {
      direction: 'credit',
      amount: 7550,
      reason: 'Late delivery, sorry',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ balance: 7550 });
    expect(await balanceOf(shopper.id)).toBe(7550);
    const wallet = await json('/api/wallet', { headers: shopper.headers });
    expect(wallet.body.data.entries).toMatchObject([{ amount: 7550, reason: 'credit', note: 'Late delivery, sorry' }]);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'wallet.credit')
      .where('subject_id', '=', String(shopper.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ staff_id: support.id, subject_type: 'customer', reason: 'Late delivery, sorry' });
    expect(JSON.parse(audit.before_json!)).toEqual({ balance: 0 });
    expect(JSON.parse(audit.after_json!)).toEqual({ balance: 7550, amount: 7550 });
  });

  test('support may not debit (403); finance may, never below zero (a clear 422 in both languages)', async () => {
    const shopper = await newShopper();
    await creditWallet(db, shopper.id, 3000);
    expect(
      (await adjust(support.cookie, shopper.id, { direction: 'debit', amount: 1000, reason: 'Goodwill reversed' })).status,
    ).toBe(403);
    const tooMuch = await adjust(finance.cookie, shopper.id, { direction: 'debit', amount: 3001, reason: 'Duplicate credit' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('The wallet holds only EGP 30.00: a debit cannot take it below zero.');
    const ar = await adjust(
      finance.cookie,
      shopper.id,
      { direction: 'debit', amount: 3001, reason: 'Duplicate credit' },
      'ar-SA',
    );
    expect(ar.body.message).toBe('رصيد المحفظة 30.00 ج.م فقط: لا يمكن أن يجعله الخصم أقل من صفر.');
    const ok = await adjust(finance.cookie, shopper.id, { direction: 'debit', amount: 3000, reason: 'Duplicate credit' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ balance: 0 });
    expect(await balanceOf(shopper.id)).toBe(0);
  });

  test('a reason is required, and the amount must be whole piastres above zero', async () => {
    const shopper = await newShopper();
    const noReason = await adjust(support.cookie, shopper.id, { direction: 'credit', amount: 1000 });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors)).toEqual(['reason']);
    const blank = await adjust(support.cookie, shopper.id, { direction: 'credit', amount: 1000, reason: '   ' });
    expect(Object.keys(blank.body.errors)).toEqual(['reason']);
    for (const amount of [0, -500, 12.5, '1000', 'ten'])
      expect(
        Object.keys((await adjust(support.cookie, shopper.id, { direction: 'credit', amount, reason: 'Because' })).body.errors),
      ).toEqual(['amount']);
    expect((await adjust(support.cookie, 999_999, { direction: 'credit', amount: 1000, reason: 'Because' })).status).toBe(404);
  });
});

describe('the cash-on-delivery flag', () => {
  test('a flagged shopper is offered prepaid methods only, told why, and a COD order is refused in their language', async () => {
    const shopper = await makeShopper(db);
    const address = await makeAddress(db, shopper.id);
    const productId = await makeProduct(db, { price: 20000, stock: 5 });
    const methods = async (headers: Record<string, string> = shopper.headers) => {
      const res = await json('/api/payment-methods', { headers });
      return { codes: res.body.data.map((m: { code: string }) => m.code) as string[], blocked: res.body.cod_blocked };
    };
    expect(await methods()).toMatchObject({ codes: expect.arrayContaining(['cash_on_delivery']), blocked: false });

    const flag = await asStaff(operations.cookie, 'POST', `/api/admin/customers/${shopper.id}/cod-flag`, {
      blocked: true,
      reason: 'Refused three deliveries',
    });
    expect(flag.status).toBe(200);
    expect(flag.body.data).toMatchObject({ blocked: true, reason: 'Refused three deliveries' });
    const listed = await methods();
    expect(listed.blocked).toBe(true);
    expect(listed.codes).not.toContain('cash_on_delivery');
    expect(listed.codes).toContain('card');
    // Guests and other shoppers still see it.
    expect((await methods({})).codes).toContain('cash_on_delivery');

    const order = (lang: string) =>
      json(
        `/api/orders?lang=${lang}`,
        send('POST', shopper.headers, {
          products: [{ product_id: productId, quantity: 1 }],
          address_id: address.id,
          payment_method: 'cash_on_delivery',
        }),
      );
    const en = await order('en-US');
    expect(en.status).toBe(422);
    expect(en.body.message).toBe(
      'Cash on delivery is not available for your account. Please choose a prepaid method (card, wallet or OPay).',
    );
    const ar = await order('ar-SA');
    expect(ar.status).toBe(422);
    expect(ar.body.message).toBe('الدفع عند الاستلام غير متاح لحسابك. يُرجى اختيار طريقة دفع مسبق (البطاقة أو المحفظة أو OPay).');
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'customer.cod_block')
      .where('subject_id', '=', String(shopper.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ staff_id: operations.id, reason: 'Refused three deliveries' });

    // Cleared: cash on delivery is back.
    const clear = await asStaff(support.cookie, 'POST', `/api/admin/customers/${shopper.id}/cod-flag`, {
      blocked: false,
      reason: 'Paid up',
    });
    expect(clear.body.data).toEqual({ blocked: false, since: null, reason: null });
    expect((await methods()).codes).toContain('cash_on_delivery');
    expect((await order('en-US')).status).toBe(201);
  });

  test('finance may not flag (403); a reason is required', async () => {
    const shopper = await makeShopper(db);
    expect(
      (await asStaff(finance.cookie, 'POST', `/api/admin/customers/${shopper.id}/cod-flag`, { blocked: true, reason: 'x y z' }))
        .status,
    ).toBe(403);
    const noReason = await asStaff(support.cookie, 'POST', `/api/admin/customers/${shopper.id}/cod-flag`, { blocked: true });
    expect(noReason.status).toBe(422);
  });
});
