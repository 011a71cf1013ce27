import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { formatMoney } from '../../src/i18n/format.ts';
import { PayTabsGateway } from '../../src/server/payments/paytabs.ts';
import { usePaymentGateways } from '../../src/server/payments/gateways.ts';
import { releaseAbandonedPayments } from '../../src/server/payments/release-abandoned.ts';
import { orderMoney } from '../../src/core/orders/server/refunds.ts';
import { sandboxCallback, type SandboxChoice } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway.ts';
import { creditWallet, makeAddress, makeProduct, placeOrder, send, stockOf } from '../support/orders.ts';
import { stubKeys as keys, useStubGateways } from '../support/payment-stub.ts';
import { serveApp } from '../support/serve-app.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';
import { redirectLog } from '../../src/server/observability/logger.ts';

/**
 * Online payments against a local stub provider: the sandbox gateway on its own port speaks PayTabs' and OPay's
 * HTTP APIs, and callbacks are signed here exactly as the providers sign them (docs/payments.md).
 */
const { api, db, json, close } = await testApi();
let stub: Awaited<ReturnType<typeof serveApp>>;
// What the payments code logs (refused and flagged callbacks), read here instead of printed.
const logged: Record<string, unknown>[] = [];
redirectLog((line) => void logged.push(JSON.parse(line) as Record<string, unknown>));

beforeAll(async () => {
  stub = await serveApp(createSandboxGateway({ keys, publicPath: '' }));
  useStubGateways(stub.base);
});
afterAll(async () => {
  usePaymentGateways(undefined);
  await stub.close();
  await close();
});

/** A shopper with a server cart of one product, and their PENDING online order for it. */
async function onlineOrder(method = 'card', price = 30000) {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price, stock: 5, before_discount: null });
  const address = await makeAddress(db, shopper.id);
  await json('/api/shopping-cart', send('POST', shopper.headers, { products: [{ product_id: productId, quantity: 2 }] }));
  const placed = await placeOrder(json, shopper, productId, { quantity: 2, address_id: address.id, payment_method: method });
  expect(placed.status).toBe(201);
  return { shopper, productId, order: placed.body.data, total: placed.body.data.DiscountedTotal as number };
}

async function startPayment(shopper: { headers: Record<string, string> }, orderId: number, provider = 'paytabs') {
  const res = await json(`/api/payments/${provider}`, send('POST', shopper.headers, { order_id: orderId }));
  expect(res.status).toBe(201);
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { redirect: res.body.data.redirect_url as string, payment };
}

/** The provider's callback for a payment, signed as the provider signs it (or with other keys / amount). */
function callbackFor(
  payment: { provider: string; tran_ref: string; reference: string; amount: number; currency: string },
  choice: SandboxChoice,
  overrides: { amount?: number; keys?: typeof keys } = {},
) {
  const session = {
    protocol: payment.provider as 'paytabs' | 'opay',
    tranRef: payment.tran_ref,
    reference: payment.reference,
    amount: overrides.amount ?? payment.amount,
    currency: payment.currency,
    callbackUrl: '',
    returnUrl: '',
    cancelUrl: null,
    lang: 'en' as const,
  };
  return sandboxCallback(session, choice, overrides.keys ?? keys);
}

const deliver = async (provider: string, cb: { body: string; headers: Record<string, string> }): Promise<Response> =>
  api.request(`/api/payments/${provider}/callback`, { method: 'POST', headers: cb.headers, body: cb.body });

const orderRow = (id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const cartOf = (userId: number) => db.selectFrom('cart_items').select('product_id').where('user_id', '=', userId).execute();
const callbacks = (tranRef: string) =>
  db.selectFrom('payment_callbacks').select(['outcome', 'reason']).where('tran_ref', '=', tranRef).orderBy('id').execute();

describe('an online order', () => {
  test('waits PENDING with its stock reserved and its cart kept; the provider is asked for exactly its total in EGP', async () => {
    const { shopper, productId, order, total } = await onlineOrder();
    expect(order).toMatchObject({ status: 'PENDING', payment_status: 'awaiting' });
    expect(await stockOf(db, productId)).toBe(3);
    expect(await cartOf(shopper.id)).toHaveLength(1);
    const { redirect, payment } = await startPayment(shopper, order.id);
    expect(redirect).toMatch(new RegExp(`^${stub.base}/pay/`));
    expect(payment).toMatchObject({ provider: 'paytabs', amount: total, currency: 'EGP', status: 'pending' });
    // The stub's payment page shows that amount.
    expect(await (await fetch(redirect)).text()).toContain(formatMoney(total, 'en'));
  });

  test("the browser's return alone never marks it paid; the verified callback does, once, and empties the cart", async () => {
    const { shopper, order } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    const back = await api.request(`/api/payments/return?order=${order.id}&lang=ar`, { method: 'POST' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/ar/checkout/success?order=${order.id}`);
    expect((await orderRow(order.id)).status).toBe('PENDING');

    const res = await deliver('paytabs', callbackFor(payment, 'approve'));
    expect(res.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
    expect(await cartOf(shopper.id)).toEqual([]);
    const seen = await json(`/api/orders/${order.id}`, { headers: shopper.headers });
    expect(seen.body.data).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
  });

  test('the same callback delivered 5 times at once marks the order paid once', async () => {
    const { shopper, order } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    const cb = callbackFor(payment, 'approve');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver('paytabs', cb).then((r: Response) => r.json() as any)),
    );
    expect(answers.map((a: any) => a.data.outcome).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    const events = await db
      .selectFrom('order_events')
      .select('actor')
      .where('order_id', '=', order.id)
      .where('status', '=', 'PLACED')
      .execute();
    expect(events).toEqual([{ actor: 'payment' }]);
    expect((await orderRow(order.id)).payment_status).toBe('paid');
  });
});

describe('refused callbacks change nothing and are logged', () => {
  test('a forged signature (another key, or a body changed after signing)', async () => {
    const { shopper, order } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    const forged = callbackFor(payment, 'approve', { keys: { ...keys, paytabsServerKey: 'guessed-key' } });
    expect((await deliver('paytabs', forged)).status).toBe(401);
    const genuine = callbackFor(payment, 'decline');
    const tampered = { ...genuine, body: genuine.body.replace('"response_status":"D"', '"response_status":"A"') };
    expect((await deliver('paytabs', tampered)).status).toBe(401);
    expect((await deliver('paytabs', { ...genuine, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect((await orderRow(order.id)).status).toBe('PENDING');
    const refused = await db
      .selectFrom('payment_callbacks')
      .select('reason')
      .where('outcome', '=', 'refused')
      .where('tran_ref', 'is', null)
      .execute();
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'payment callback refused',
        provider: 'paytabs',
        reason: 'signature does not verify',
      }),
    );
  });

  test('a genuine signature over the wrong amount', async () => {
    const { shopper, order, total } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    const res = await deliver('paytabs', callbackFor(payment, 'approve', { amount: total - 100 }));
    expect(res.status).toBe(401);
    expect((await orderRow(order.id)).status).toBe('PENDING');
    expect(await callbacks(payment.tran_ref)).toEqual([
      { outcome: 'refused', reason: `amount ${total - 100} EGP does not match ${total} EGP` },
    ]);
  });
});

describe('failures and late money', () => {
  test('a declined payment cancels the order: stock back, cart kept, payment failed', async () => {
    const { shopper, order, productId } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    expect((await deliver('paytabs', callbackFor(payment, 'decline'))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELED', payment_status: 'failed' });
    expect(await stockOf(db, productId)).toBe(5);
    expect(await cartOf(shopper.id)).toHaveLength(1);
  });

  test('a payment the shopper cancelled at the provider cancels the order as "cancelled", not "failed" (issue 20)', async () => {
    const { shopper, order, productId } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    expect((await deliver('paytabs', callbackFor(payment, 'cancel'))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELED', payment_status: 'cancelled' });
    expect(await stockOf(db, productId)).toBe(5);
  });

  test('a waiting order the shopper cancels says "cancelled", no longer "awaiting" (issue 20)', async () => {
    const { shopper, order } = await onlineOrder();
    await startPayment(shopper, order.id);
    expect((await json(`/api/orders/${order.id}/cancel`, send('POST', shopper.headers))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELED', payment_status: 'cancelled' });
  });

  test('a callback for an order already cancelled is recorded and flagged, not applied', async () => {
    const { shopper, order, productId } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    expect((await json(`/api/orders/${order.id}/cancel`, send('POST', shopper.headers))).status).toBe(200);
    const res = await deliver('paytabs', callbackFor(payment, 'approve'));
    expect(res.status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELED', payment_status: 'refund_due' });
    expect(await stockOf(db, productId)).toBe(5);
    expect((await callbacks(payment.tran_ref))[0]).toMatchObject({ outcome: 'flagged' });
    expect(logged).toContainEqual(expect.objectContaining({ level: 'error', msg: 'payment callback FLAGGED for an operator' }));
  });

  test('a second attempt paid for an order already paid is flagged on that payment; the order stays paid', async () => {
    const { shopper, order } = await onlineOrder();
    const first = (await startPayment(shopper, order.id)).payment;
    const second = (await startPayment(shopper, order.id)).payment;
    expect((await deliver('paytabs', callbackFor(first, 'approve'))).status).toBe(200);
    expect((await deliver('paytabs', callbackFor(second, 'approve'))).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PLACED', payment_status: 'paid' });
    const rows = await db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['paid', 'refund_due']);
    expect((await callbacks(second.tran_ref))[0]).toMatchObject({ outcome: 'flagged' });
  });

  test('an abandoned payment gives its stock back after the timeout, once, with two instances running the job', async () => {
    const { shopper, order, productId } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    expect(await releaseAbandonedPayments(db, new Date(), 30 * 60_000)).not.toContain(order.id);
    const later = new Date(Date.now() + 31 * 60_000);
    const [a, b] = await Promise.all([releaseAbandonedPayments(db, later), releaseAbandonedPayments(db, later)]);
    expect([...a, ...b].filter((id) => id === order.id)).toEqual([order.id]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CANCELED', payment_status: 'failed' });
    expect(await stockOf(db, productId)).toBe(5);
    // The shopper paid at the very last second: the money is seen and flagged for a refund.
    await deliver('paytabs', callbackFor(payment, 'approve'));
    expect((await orderRow(order.id)).payment_status).toBe('refund_due');
  });
});

describe('OPay', () => {
  test('its cashier page, then a callback signed with HMAC-SHA512 over timestamp and body', async () => {
    const { shopper, order } = await onlineOrder('opay');
    const { redirect, payment } = await startPayment(shopper, order.id, 'opay');
    expect(redirect).toMatch(new RegExp(`^${stub.base}/pay/`));
    const cb = callbackFor(payment, 'approve');
    const replayedLater = { ...cb, headers: { ...cb.headers, requesttimestamp: String(Date.now() + 5) } };
    expect((await deliver('opay', replayedLater)).status).toBe(401);
    expect((await deliver('opay', cb)).status).toBe(200);
    expect((await orderRow(order.id)).payment_status).toBe('paid');
  });

  test('/api/opay/cancel sends the shopper back to the payment step', async () => {
    const res = await api.request('/api/opay/cancel?order=12&lang=en');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/checkout/checkout-payment?order=12&payment=cancelled');
  });
});

describe('methods and their rules', () => {
  test('an online method never spends the wallet: the summary shows the total the provider will be asked for', async () => {
    const shopper = await makeShopper(db);
    const productId = await makeProduct(db, { price: 30000, stock: 5, before_discount: null });
    const address = await makeAddress(db, shopper.id);
    await creditWallet(db, shopper.id, 10000);
    const query = (method: string) =>
      `/api/orders/summary?products=${encodeURIComponent(JSON.stringify([{ product_id: productId, quantity: 1 }]))}` +
      `&address_id=${address.id}&payment_method=${method}&use_wallet=true`;
    const cod = (await json(query('cash_on_delivery'), { headers: shopper.headers })).body.data;
    const card = (await json(query('card'), { headers: shopper.headers })).body.data;
    expect(cod.walletAmount).toBe(10000);
    expect(card.walletAmount).toBe(0);
    expect(card.DiscountedTotal).toBe(cod.DiscountedTotal + 10000);
    const placed = await placeOrder(json, shopper, productId, {
      address_id: address.id,
      payment_method: 'card',
      use_wallet: true,
    });
    expect(placed.body.data).toMatchObject({ walletAmount: 0, DiscountedTotal: card.DiscountedTotal });
  });

  test('instalments are listed with their minimum from the data, and refused below it', async () => {
    const methods = (await json('/api/payment-methods?lang=en-US')).body.data;
    expect(methods.map((m: any) => m.code)).toEqual([
      'cash_on_delivery',
      'wallet',
      'card',
      'apple_pay',
      'opay',
      'valu',
      'souhoola',
      'tru',
      'mobile_wallet',
      'kiosk',
      'fawry',
    ]);
    // Cash is «نقدًا» in Arabic (the glossary, issue 51; migration 042 renamed 028's «كاش في فوري…»).
    const arabic = (await json('/api/payment-methods?lang=ar-EG')).body.data;
    expect(arabic.find((m: any) => m.code === 'kiosk').name).toBe('الدفع نقدًا في فوري أو أمان أو مصاري (كود دفع)');
    expect(methods.find((m: any) => m.code === 'tru')).toMatchObject({
      kind: 'instalment',
      gateway: 'paytabs',
      min_total: 200000,
    });
    const shopper = await makeShopper(db);
    const productId = await makeProduct(db, { price: 30000, stock: 5, before_discount: null });
    const address = await makeAddress(db, shopper.id);
    const order = { products: [{ product_id: productId, quantity: 1 }], address_id: address.id, payment_method: 'tru' };
    const refused = await json('/api/orders', send('POST', shopper.headers, order));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('This payment method is not available for this order total.');
    expect(await stockOf(db, productId)).toBe(5);
    // Rules are data: lowering the minimum in the database is enough.
    await db.updateTable('payment_methods').set({ min_total: 10000 }).where('code', '=', 'tru').execute();
    expect((await json('/api/orders', send('POST', shopper.headers, order))).status).toBe(201);
  });

  test("a provider that cannot be reached leaves the order waiting; another shopper's order is not found", async () => {
    const { shopper, order } = await onlineOrder();
    const other = await makeShopper(db);
    expect((await json('/api/payments/paytabs', send('POST', other.headers, { order_id: order.id }))).status).toBe(404);
    usePaymentGateways({
      paytabs: new PayTabsGateway({ profileId: '1', serverKey: 'x', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }),
    });
    try {
      const res = await json('/api/payments/paytabs', send('POST', shopper.headers, { order_id: order.id }));
      expect(res.status).toBe(502);
      expect(res.body.message).toContain('We could not reach the payment provider');
    } finally {
      useStubGateways(stub.base);
    }
    expect((await orderRow(order.id)).status).toBe('PENDING');
  });
});

describe('issue 19: outgoing URLs come from configuration, never from the request', () => {
  test('a payment started with a foreign Host: the provider call, callback and return URLs all use the configured origin', async () => {
    const { shopper, order } = await onlineOrder();
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
      return realFetch(input, init);
    });
    process.env['SITE_URL'] = 'https://shop.example';
    try {
      const res = await api.request(`http://attacker.example:9999/api/payments/paytabs`, {
        ...send(
          'POST',
          { ...shopper.headers, host: 'attacker.example:9999', 'x-forwarded-host': 'attacker.example' },
          { order_id: order.id },
        ),
      });
      expect(res.status).toBe(201);
      // Without keys, the sandbox is reached at the configured origin too, never at the Host that was sent.
      usePaymentGateways(undefined);
      await api.request(`http://attacker.example:9999/api/payments/paytabs`, {
        ...send('POST', { ...shopper.headers, host: 'attacker.example:9999' }, { order_id: order.id }),
      });
    } finally {
      delete process.env['SITE_URL'];
      spy.mockRestore();
      useStubGateways(stub.base);
    }
    expect(calls).toHaveLength(2);
    expect(calls[0]!.url).toBe(`${stub.base}/paytabs/payment/request`);
    expect(calls[1]!.url).toBe('https://shop.example/api/sandbox-gateway/paytabs/payment/request');
    for (const { url, body } of calls) {
      expect(url).not.toContain('attacker');
      expect(body['callback']).toBe('https://shop.example/api/payments/paytabs/callback');
      expect(String(body['return'])).toMatch(/^https:\/\/shop\.example\/api\/payments\/return\?order=\d+&lang=en$/);
    }
  });
});

describe('issue 19: money that came in is always accounted for', () => {
  /** received = refunded + kept, for the order as it stands. */
  const balanced = async (orderId: number) => {
    const money = await orderMoney(db, orderId);
    expect(money.received).toBe(money.refunded + money.kept);
    return money;
  };
  const refundsOf = (orderId: number) =>
    db
      .selectFrom('refunds')
      .select(['amount', 'destination', 'status', 'reason'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  test('a paid card order cancelled by the shopper: the refund is owed to the card, shown on the order, and money balances', async () => {
    const { shopper, order, productId, total } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    await deliver('paytabs', callbackFor(payment, 'approve'));
    const cancelled = await json(`/api/orders/${order.id}/cancel`, send('POST', shopper.headers));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELED', payment_status: 'refund_due' });
    expect(cancelled.body.data.refunds).toEqual([{ amount: total, destination: 'card', status: 'owed' }]);
    expect(await refundsOf(order.id)).toEqual([{ amount: total, destination: 'card', status: 'owed', reason: 'cancelled' }]);
    expect(await stockOf(db, productId)).toBe(5);
    expect(await balanced(order.id)).toEqual({ received: total, refunded: total, kept: 0 });
    // Cancelling again changes nothing and owes nothing twice.
    expect((await json(`/api/orders/${order.id}/cancel`, send('POST', shopper.headers))).status).toBe(409);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  test("…or, by the shopper's choice, straight to the wallet", async () => {
    const { shopper, order, total } = await onlineOrder();
    const { payment } = await startPayment(shopper, order.id);
    await deliver('paytabs', callbackFor(payment, 'approve'));
    const cancelled = await json(`/api/orders/${order.id}/cancel?lang=ar-SA&refund_to=wallet`, send('POST', shopper.headers));
    expect(cancelled.body.data).toMatchObject({
      payment_status: 'refunded',
      refunds: [{ amount: total, destination: 'wallet', status: 'paid' }],
    });
    expect((await json('/api/wallet', send('GET', shopper.headers))).body.data.balance).toBe(total);
    expect(await balanced(order.id)).toEqual({ received: total, refunded: total, kept: 0 });
    const bad = await json(`/api/orders/${order.id}/cancel?refund_to=cash`, send('POST', shopper.headers));
    expect(bad.status).toBe(422);
  });

  test('every other ending keeps money in = refunded + kept: decline, timeout, late payment, an extra payment, a COD order paid partly by wallet', async () => {
    const declined = await onlineOrder();
    await deliver('paytabs', callbackFor((await startPayment(declined.shopper, declined.order.id)).payment, 'decline'));
    expect(await balanced(declined.order.id)).toEqual({ received: 0, refunded: 0, kept: 0 });

    const late = await onlineOrder();
    const latePayment = (await startPayment(late.shopper, late.order.id)).payment;
    await releaseAbandonedPayments(db, new Date(Date.now() + 31 * 60_000));
    expect(await balanced(late.order.id)).toEqual({ received: 0, refunded: 0, kept: 0 });
    await deliver('paytabs', callbackFor(latePayment, 'approve'));
    expect(await refundsOf(late.order.id)).toEqual([
      { amount: late.total, destination: 'card', status: 'owed', reason: 'late_payment' },
    ]);
    expect(await balanced(late.order.id)).toEqual({ received: late.total, refunded: late.total, kept: 0 });

    const twice = await onlineOrder();
    const first = (await startPayment(twice.shopper, twice.order.id)).payment;
    const second = (await startPayment(twice.shopper, twice.order.id)).payment;
    await deliver('paytabs', callbackFor(first, 'approve'));
    await deliver('paytabs', callbackFor(second, 'approve'));
    // The same flagged callback again owes nothing twice.
    await deliver('paytabs', callbackFor(second, 'approve'));
    expect(await refundsOf(twice.order.id)).toEqual([
      { amount: twice.total, destination: 'card', status: 'owed', reason: 'extra_payment' },
    ]);
    expect(await balanced(twice.order.id)).toEqual({ received: 2 * twice.total, refunded: twice.total, kept: twice.total });

    const shopper = await makeShopper(db);
    await creditWallet(db, shopper.id, 5000);
    const productId = await makeProduct(db, { price: 30000, stock: 5, before_discount: null });
    const address = await makeAddress(db, shopper.id);
    const cod = await placeOrder(json, shopper, productId, { address_id: address.id, use_wallet: true });
    expect(cod.status).toBe(201);
    const codId = cod.body.data.id as number;
    expect((await orderMoney(db, codId)).received).toBe(5000);
    await json(`/api/orders/${codId}/cancel`, send('POST', shopper.headers));
    expect(await refundsOf(codId)).toEqual([{ amount: 5000, destination: 'wallet', status: 'paid', reason: 'cancelled' }]);
    expect(await balanced(codId)).toEqual({ received: 5000, refunded: 5000, kept: 0 });
  });
});
