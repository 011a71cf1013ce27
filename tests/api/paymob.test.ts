import { redirectLog } from '../../src/server/observability/logger.ts';
import { describe, expect, test } from 'vitest';
import { reconcilePendingPayments } from '../../src/server/payments/reconcile.ts';
import { releaseAbandonedPayments } from '../../src/server/payments/release-abandoned.ts';
import type { SandboxSession } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';
import { makeStaff } from '../support/staff.ts';
import { paymobCallback, paymobResponseUrl, type PaymobEvent } from '../../src/server/payments/sandbox/sandbox-paymob.ts';
import { makeAddress, makeProduct, placeOrder, send, stockOf } from '../support/orders.ts';
import { stubKeys as keys } from '../support/payment-stub.ts';
import { expectBalanced, payRefundAs, startOnlineOrder, useSandboxProviders } from '../support/online-payments.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Paymob (issue 39) through the shop's API against the sandbox Paymob on its own port: the intention, both
 * callbacks verified by their HMAC, a kiosk code holding the stock until it expires, and reconciliation finding a
 * payment whose callback never came.
 */
const testing = await testApi();
const { api, db, json } = testing;
const sandbox = useSandboxProviders(testing.close);
const { faults, refunds: providerRefunds } = sandbox;
const finance = await makeStaff(db, api, 'finance');
const logged: Record<string, unknown>[] = [];
redirectLog((line) => void logged.push(JSON.parse(line) as Record<string, unknown>));

const paymobOrder = (method: 'mobile_wallet' | 'kiosk', start: Record<string, unknown> = {}) =>
  startOnlineOrder(testing, method, 'paymob', start);

/** The sandbox's view of a payment, to sign what Paymob would send about it. */
const sessionOf = (
  payment: { tran_ref: string; reference: string; amount: number },
  method: string,
  extra: Partial<SandboxSession> = {},
): SandboxSession => ({
  protocol: 'paymob',
  tranRef: payment.tran_ref,
  reference: payment.reference,
  amount: payment.amount,
  currency: 'EGP',
  callbackUrl: '',
  returnUrl: 'https://shop.example/api/payments/paymob/response?shop_order=1&lang=en',
  cancelUrl: null,
  lang: 'en',
  methods: [method],
  transactionId: '700100200',
  ...extra,
});

const deliver = (cb: { body: string; headers: Record<string, string>; query: string }) =>
  api.request(`/api/payments/paymob/callback?${cb.query}`, { method: 'POST', headers: cb.headers, body: cb.body });
const signed = (session: SandboxSession, event: PaymobEvent) => paymobCallback(session, event, keys);
const orderRow = (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentRow = (id: number) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a mobile wallet payment through Paymob', () => {
  test("asks for an intention with the wallet's integration id and sends the shopper to the unified checkout", async () => {
    const { order, payment, redirect } = await paymobOrder('mobile_wallet');
    expect(payment).toMatchObject({ provider: 'paymob', amount: order.DiscountedTotal, status: 'pending' });
    const checkout = new URL(redirect);
    expect(checkout.pathname).toBe('/paymob/unifiedcheckout/');
    expect(checkout.searchParams.get('publicKey')).toBe(keys.paymobPublicKey);
    // The unified checkout (the sandbox's) opens the payment page for exactly this intention.
    const page = await fetch(redirect);
    expect(page.url).toMatch(/\/pay\//);
    expect(await page.text()).toContain('600');
  });

  test("the wallet's number as typed (Arabic-Indic digits) reaches Paymob normalised; without one, the account's", async () => {
    const typed = await paymobOrder('mobile_wallet', { wallet_phone: '٠١١ ٥٥٥٥ ٠١٢٣' });
    // The sandbox's unified checkout shows the wallet number the intention's billing_data.phone_number carried.
    const page = await (await fetch(typed.redirect)).text();
    expect(page).toContain('<bdi>01155550123</bdi>');
    const account = await paymobOrder('mobile_wallet');
    const accountPhone = (
      await db.selectFrom('users').select('phone').where('id', '=', account.shopper.id).executeTakeFirstOrThrow()
    ).phone;
    expect(await (await fetch(account.redirect)).text()).toContain(`<bdi>0${accountPhone.slice(3)}</bdi>`);
  });

  test('a number that is not an Egyptian mobile is refused 422 on its field, in both languages, and nothing starts', async () => {
    const shopper = await makeShopper(db);
    const productId = await makeProduct(db, { price: 30000, stock: 5, before_discount: null });
    const address = await makeAddress(db, shopper.id);
    const placed = await placeOrder(json, shopper, productId, {
      quantity: 1,
      address_id: address.id,
      payment_method: 'mobile_wallet',
    });
    const orderId = (placed.body.data as { id: number }).id;
    for (const [lang, message] of [
      ['en', 'Enter an Egyptian mobile number, for example 01012345678'],
      ['ar', 'أدخل رقم موبايل مصريًا، مثل 01012345678'],
    ] as const) {
      const refused = await json(
        `/api/payments/paymob?lang=${lang}`,
        send('POST', shopper.headers, { order_id: orderId, wallet_phone: '0223456789' }),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ wallet_phone: [message] });
    }
    expect(await db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
    // The checkout sends it with the order too: a typo is refused before anything is placed (no order to cancel).
    const typo = await placeOrder(json, shopper, productId, {
      address_id: address.id,
      payment_method: 'mobile_wallet',
      wallet_phone: '٠١٠١٢٣',
    });
    expect(typo.status).toBe(422);
    expect(typo.body.errors).toEqual({ wallet_phone: ['Enter an Egyptian mobile number, for example 01012345678'] });
    expect(await db.selectFrom('orders').select('id').where('user_id', '=', shopper.id).execute()).toHaveLength(1);
  });

  test('a verified callback marks the order paid, keeps the proof and the transaction id; a replay changes nothing', async () => {
    const { order, payment } = await paymobOrder('mobile_wallet');
    const cb = signed(sessionOf(payment, 'wallet'), 'approve');
    const first = await deliver(cb);
    expect(first.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'paid', provider_txn: '700100200', provider_payload: cb.body });
    const again = await deliver(cb);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: { outcome: string } }).data.outcome).toBe('duplicate');
    const events = await db.selectFrom('order_events').select('status').where('order_id', '=', order.id).execute();
    expect(events.filter((e) => e.status === 'PLACED')).toHaveLength(1);
  });

  test('a wrong HMAC, another amount or another order is refused (401) and moves nothing', async () => {
    const { order, payment, productId } = await paymobOrder('mobile_wallet');
    const genuine = signed(sessionOf(payment, 'wallet'), 'approve');
    const wrongHmac = { ...genuine, query: `hmac=${'0'.repeat(128)}` };
    expect((await deliver(wrongHmac)).status).toBe(401);
    const tampered = { ...genuine, body: genuine.body.replace('"success":true', '"success":false') };
    expect((await deliver(tampered)).status).toBe(401);
    const otherKey = paymobCallback(sessionOf(payment, 'wallet'), 'approve', { ...keys, paymobHmacSecret: 'guessed' });
    expect((await deliver(otherKey)).status).toBe(401);
    // Genuinely signed by Paymob, but for less money, or for a payment that is not this one.
    expect((await deliver(signed(sessionOf(payment, 'wallet', { amount: payment.amount - 100 }), 'approve'))).status).toBe(401);
    expect((await deliver(signed(sessionOf(payment, 'wallet', { reference: 'BB-999-other' }), 'approve'))).status).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PENDING', payment_status: 'awaiting' });
    expect(await stockOf(db, productId)).toBe(3);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'payment callback refused',
        provider: 'paymob',
        reason: 'hmac does not verify',
      }),
    );
  });

  test('callbacks out of order: a pending or declined one after the payment changes nothing, each is recorded', async () => {
    const { order, payment } = await paymobOrder('mobile_wallet');
    const session = sessionOf(payment, 'wallet');
    expect((await deliver(signed(session, 'approve'))).status).toBe(200);
    const late = [await deliver(signed(session, 'reference')), await deliver(signed(session, 'decline'))];
    expect(late.map((r) => r.status)).toEqual([200, 200]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
    expect((await paymentRow(payment.id)).status).toBe('paid');
    const recorded = await db
      .selectFrom('payment_callbacks')
      .select('outcome')
      .where('provider', '=', 'paymob')
      .where('tran_ref', '=', payment.tran_ref)
      .orderBy('id')
      .execute();
    expect(recorded.map((r) => r.outcome)).toEqual(['applied', 'ignored', 'duplicate']);
  });

  test("the shopper's signed return (the response callback) settles it too, then lands on the success page", async () => {
    const { order, payment } = await paymobOrder('mobile_wallet');
    const back = new URL(
      paymobResponseUrl(
        sessionOf(payment, 'wallet', {
          returnUrl: `http://localhost/api/payments/paymob/response?shop_order=${order.id}&lang=ar`,
        }),
        'approve',
        keys,
      ),
    );
    const forged = new URL(back);
    forged.searchParams.set('amount_cents', '1');
    const refused = await api.request(forged.pathname + forged.search);
    expect(refused.status).toBe(303);
    expect((await orderRow(order.id)).status).toBe('PENDING');
    const res = await api.request(back.pathname + back.search);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/ar/checkout/success?order=${order.id}`);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
  });
});

describe('a kiosk payment code', () => {
  test('is shown to the shopper with its expiry and holds the stock past the card timeout, until paid', async () => {
    const { shopper, order, payment, productId } = await paymobOrder('kiosk');
    const session = sessionOf(payment, 'kiosk', { billReference: '81234567' });
    expect((await deliver(signed(session, 'reference'))).status).toBe(200);
    const seen = await json(`/api/orders/${order.id}`, { headers: shopper.headers });
    expect(seen.body.data).toMatchObject({ status: 'PENDING', payment_code: { code: '81234567' } });
    const expires = Date.parse(seen.body.data.payment_code.expires_at as string);
    expect(expires).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    // An hour later (past the 30-minute card timeout) the code still holds the order's stock.
    expect(await releaseAbandonedPayments(db, new Date(Date.now() + 3_600_000), 30 * 60_000)).not.toContain(order.id);
    expect(await stockOf(db, productId)).toBe(3);
    // Paid in cash at the point: the same transaction, now successful.
    expect((await deliver(signed(session, 'approve'))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
    const after = await json(`/api/orders/${order.id}`, { headers: shopper.headers });
    expect(after.body.data.payment_code).toBeUndefined();
  });

  test('left unpaid past its expiry gives the stock back', async () => {
    const { order, payment, productId } = await paymobOrder('kiosk');
    await deliver(signed(sessionOf(payment, 'kiosk', { billReference: '81234568' }), 'reference'));
    expect(await releaseAbandonedPayments(db, new Date(Date.now() + 49 * 3_600_000), 30 * 60_000)).toContain(order.id);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELED', payment_status: 'failed' });
    expect(await stockOf(db, productId)).toBe(5);
  });
});

describe('reconciliation', () => {
  test('finds paid a payment whose callback never came, once it has waited the configured time', async () => {
    const { order, redirect } = await paymobOrder('mobile_wallet');
    // The shopper pays on the sandbox's page, but its callback to the shop is lost (it goes to an address nobody
    // answers); the sandbox still knows the payment as paid.
    const page = await fetch(redirect);
    const form = new URLSearchParams({ choice: 'approve' });
    const paid = await fetch(page.url, { method: 'POST', body: form, redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect((await orderRow(order.id)).status).toBe('PENDING');
    // Too early: not asked yet.
    expect((await reconcilePendingPayments(db, new Date(), 15 * 60_000, sandbox.base)).map((r) => r.orderId)).not.toContain(
      order.id,
    );
    const later = new Date(Date.now() + 16 * 60_000);
    const found = await reconcilePendingPayments(db, later, 15 * 60_000, sandbox.base);
    expect(found.find((r) => r.orderId === order.id)?.settled.outcome).toBe('applied');
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
    // Asked once per interval: a second run at the same time asks nobody again.
    expect((await reconcilePendingPayments(db, later, 15 * 60_000, sandbox.base)).map((r) => r.orderId)).not.toContain(order.id);
  });
});

/**
 * A Paymob payment the shopper made on the sandbox's page whose callback was lost, after the timeout released the
 * order: reconciliation finds the money, which is owed back (a late payment). Returns the owed refund.
 */
async function latePaidThroughSandbox(method: 'mobile_wallet' | 'kiosk') {
  const placed = await paymobOrder(method);
  const page = await fetch(placed.redirect);
  if (method === 'kiosk') {
    await fetch(page.url, { method: 'POST', body: new URLSearchParams({ choice: 'reference' }), redirect: 'manual' });
    await fetch(page.url, { method: 'POST', body: new URLSearchParams({ choice: 'approve' }), redirect: 'manual' });
  } else await fetch(page.url, { method: 'POST', body: new URLSearchParams({ choice: 'approve' }), redirect: 'manual' });
  await releaseAbandonedPayments(db, new Date(Date.now() + 31 * 60_000), 30 * 60_000);
  if (method === 'kiosk') await releaseAbandonedPayments(db, new Date(Date.now() + 49 * 3_600_000), 30 * 60_000);
  await reconcilePendingPayments(db, new Date(Date.now() + 50 * 3_600_000), 15 * 60_000, sandbox.base);
  const refund = await db.selectFrom('refunds').selectAll().where('order_id', '=', placed.order.id).executeTakeFirstOrThrow();
  expect(refund).toMatchObject({ status: 'owed', destination: 'card', reason: 'late_payment' });
  return { ...placed, refund };
}

const pay = payRefundAs(json, finance);
const balanced = (orderId: number) => expectBalanced(db, orderId);

describe('refunds through Paymob from the desk', () => {
  test('the whole amount the same day is a void; twice pressed, paid once', async () => {
    const { order, refund } = await latePaidThroughSandbox('mobile_wallet');
    const [a, b] = await Promise.all([pay(refund.id, { destination: 'card' }), pay(refund.id, { destination: 'card' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const mine = providerRefunds.filter((r) => r.amount === refund.amount && r.reference === 'void');
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect((await db.selectFrom('refunds').select('status').where('id', '=', refund.id).executeTakeFirstOrThrow()).status).toBe(
      'paid',
    );
    await balanced(order.id);
  });

  test('a part is a refund of that many piastres; Paymob refusing leaves it owed', async () => {
    const { order, refund } = await latePaidThroughSandbox('mobile_wallet');
    const part = await pay(refund.id, { destination: 'card', amount: 10000 });
    expect(part.status).toBe(200);
    expect(providerRefunds.at(-1)).toMatchObject({ protocol: 'paymob', reference: 'refund', amount: 10000 });
    faults.refuseRefunds = true;
    try {
      const refused = await pay(refund.id, { destination: 'card' });
      expect(refused.status).toBe(502);
      // Finance sees why.
      expect(refused.body.message).toContain('Refund declined by the sandbox');
    } finally {
      faults.refuseRefunds = false;
    }
    expect(
      await db.selectFrom('refunds').select(['amount', 'status']).where('id', '=', refund.id).executeTakeFirstOrThrow(),
    ).toEqual({
      amount: refund.amount - 10000,
      status: 'owed',
    });
    await balanced(order.id);
  });

  test('cash paid with a kiosk code is not refunded through Paymob: the desk says wallet or by hand', async () => {
    const { order, refund } = await latePaidThroughSandbox('kiosk');
    const before = providerRefunds.length;
    const refused = await pay(refund.id, { destination: 'card' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/paid in cash with a payment code/);
    expect(providerRefunds.length).toBe(before);
    expect((await pay(refund.id, { destination: 'wallet' })).status).toBe(200);
    await balanced(order.id);
  });
});
