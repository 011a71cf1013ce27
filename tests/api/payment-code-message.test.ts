import { describe, expect, test } from 'vitest';
import { formatOrderId, formatProseDateTime } from '../../src/i18n/format.ts';
import { messageMoney as formatMoney } from '../../src/server/messaging/order-messages.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import type { MessageChannel, OutgoingMessage } from '../../src/server/messaging/channel.ts';
import { deliverDueMessages } from '../../src/server/messaging/outbox.ts';
import type { SandboxSession } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';
import { paymobCallback } from '../../src/server/payments/sandbox/sandbox-paymob.ts';
import { makeAddress, makeProduct, send } from '../support/orders.ts';
import { stubKeys as keys } from '../support/payment-stub.ts';
import { useSandboxProviders } from '../support/online-payments.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The payment code by WhatsApp or SMS (issues 37 and 39): a Paymob kiosk code or a Fawry reference code is written
 * to the outbox with the payment that carries it, in the order's language, only for a shopper who consented at the
 * checkout (docs/messaging.md, "Consent"), and goes out as the `order_payment_code` template.
 */
const testing = await testApi();
const { api, db, json } = testing;
useSandboxProviders(testing.close);

/** A shopper orders two bags for a kiosk code (Paymob) or a Fawry reference, in `lang`, and starts its payment. */
async function codeOrder(method: 'kiosk' | 'fawry', options: { lang: Locale; consent: boolean }) {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: 30000, stock: 5, before_discount: null });
  const address = await makeAddress(db, shopper.id);
  const placed = await json(
    `/api/orders?lang=${options.lang}`,
    send('POST', shopper.headers, {
      products: [{ product_id: productId, quantity: 2 }],
      address_id: address.id,
      payment_method: method,
      message_consent: options.consent,
    }),
  );
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.id as number;
  const provider = method === 'kiosk' ? 'paymob' : 'fawry';
  const started = await json(
    `/api/payments/${provider}?lang=${options.lang}`,
    send('POST', shopper.headers, { order_id: orderId }),
  );
  expect(started.status).toBe(201);
  const payment = await paymentOf(orderId);
  return { orderId, payment, shopper };
}

const paymentOf = (orderId: number) =>
  db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const messagesOf = (orderId: number) =>
  db.selectFrom('order_messages').selectAll().where('order_id', '=', orderId).where('kind', '=', 'payment_code').execute();

/** Paymob tells the shop the kiosk code it issued (a pending transaction with data.bill_reference), signed. */
function kioskCodeIssued(payment: { tran_ref: string; reference: string; amount: number }, billReference: string) {
  const session: SandboxSession = {
    protocol: 'paymob',
    tranRef: payment.tran_ref,
    reference: payment.reference,
    amount: payment.amount,
    currency: 'EGP',
    callbackUrl: '',
    returnUrl: '',
    cancelUrl: null,
    lang: 'en',
    methods: ['kiosk'],
    transactionId: '700100300',
    billReference,
  };
  const cb = paymobCallback(session, 'reference', keys);
  return api.request(`/api/payments/paymob/callback?${cb.query}`, { method: 'POST', headers: cb.headers, body: cb.body });
}

/** What the shopper reads: the order, the code, the amount and the deadline written out, each kept whole. */
const isolated = (value: string) => `\u2068${value}\u2069`;
function expectCodeText(
  body: string,
  locale: Locale,
  facts: { orderId: number; code: string; amount: number; expires_at: string | null },
) {
  expect(body).toContain(isolated(formatOrderId(facts.orderId)));
  expect(body).toContain(isolated(facts.code));
  expect(body).toContain(isolated(formatMoney(facts.amount, locale)));
  expect(body).toContain(isolated(formatProseDateTime(facts.expires_at!, locale)));
  expect(body).toContain(locale === 'ar' ? 'كود الدفع' : 'payment code');
}

describe('a Paymob kiosk code', () => {
  test('with consent: one message with the code, amount and expiry in Arabic, sent as the payment-code template', async () => {
    const { orderId, payment } = await codeOrder('kiosk', { lang: 'ar', consent: true });
    // Nothing before Paymob has issued the code.
    expect(await messagesOf(orderId)).toEqual([]);
    expect((await kioskCodeIssued(payment, '81234570')).status).toBe(200);
    // Paymob sends the same notice again (its retries, the response redirect): still one message.
    expect((await kioskCodeIssued(payment, '81234570')).status).toBe(200);
    const issued = await paymentOf(orderId);
    const messages = await messagesOf(orderId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'whatsapp', locale: 'ar', status: 'queued', template: 'order_payment_code' });
    expectCodeText(messages[0]!.body, 'ar', { orderId, code: '81234570', amount: issued.amount, expires_at: issued.expires_at });

    const sent: OutgoingMessage[] = [];
    const capture = (channel: 'whatsapp' | 'sms'): MessageChannel => ({
      channel,
      send: async (message) => {
        sent.push(message);
        return { provider: 'test', providerMessageId: `wamid.${sent.length}` };
      },
    });
    await deliverDueMessages(db, { whatsapp: capture('whatsapp'), sms: capture('sms') });
    const mine = sent.find((m) => m.template?.name === 'order_payment_code' && m.text === messages[0]!.body);
    expect(mine?.template).toEqual({
      name: 'order_payment_code',
      language: 'ar',
      body: [
        isolated(formatOrderId(orderId)),
        isolated('81234570'),
        isolated(formatMoney(issued.amount, 'ar')),
        isolated(formatProseDateTime(issued.expires_at!, 'ar')),
      ],
      replies: [],
    });
  });

  test('a second code for the same payment (Paymob issuing another) keeps the first and sends no second message', async () => {
    const { orderId, payment } = await codeOrder('kiosk', { lang: 'en', consent: true });
    expect((await kioskCodeIssued(payment, '81234580')).status).toBe(200);
    expect((await kioskCodeIssued(payment, '81234581')).status).toBe(200);
    expect((await paymentOf(orderId)).bill_reference).toBe('81234580');
    const messages = await messagesOf(orderId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.body).toContain(isolated('81234580'));
    expect(messages[0]!.body).not.toContain('81234581');
  });

  test('without consent: the code is on the success page only, no message is written', async () => {
    const { orderId, payment } = await codeOrder('kiosk', { lang: 'en', consent: false });
    expect((await kioskCodeIssued(payment, '81234571')).status).toBe(200);
    expect((await paymentOf(orderId)).bill_reference).toBe('81234571');
    expect(await messagesOf(orderId)).toEqual([]);
  });
});

describe('a Fawry reference code', () => {
  test('with consent: one message with the reference, amount and expiry in English, written with the payment', async () => {
    const { orderId, payment } = await codeOrder('fawry', { lang: 'en', consent: true });
    const messages = await messagesOf(orderId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'whatsapp', locale: 'en', template: 'order_payment_code' });
    expectCodeText(messages[0]!.body, 'en', {
      orderId,
      code: payment.bill_reference!,
      amount: payment.amount,
      expires_at: payment.expires_at,
    });
  });

  test('a second reference for the same order (the shopper starts the payment again) sends no second message', async () => {
    const { orderId, payment, shopper } = await codeOrder('fawry', { lang: 'en', consent: true });
    const first = await messagesOf(orderId);
    expect(first).toHaveLength(1);
    expect((await json('/api/payments/fawry?lang=en', send('POST', shopper.headers, { order_id: orderId }))).status).toBe(201);
    const codes = await db.selectFrom('payments').select('bill_reference').where('order_id', '=', orderId).execute();
    expect(new Set(codes.map((c) => c.bill_reference)).size).toBe(2);
    const messages = await messagesOf(orderId);
    expect(messages.map((m) => m.id)).toEqual(first.map((m) => m.id));
    expect(messages[0]!.body).toContain(isolated(payment.bill_reference!));
  });

  test('without consent: no message', async () => {
    const { orderId, payment } = await codeOrder('fawry', { lang: 'ar', consent: false });
    expect(payment.bill_reference).toBeTruthy();
    expect(await messagesOf(orderId)).toEqual([]);
  });
});
