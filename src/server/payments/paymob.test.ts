import { describe, expect, test } from 'vitest';
import { CallbackRefused, GatewayError } from './gateway.ts';
import { PaymobGateway, type PaymobTransaction } from './paymob.ts';
import { paymobHmac, paymobSignedQuery, paymobSignedText } from './paymob-hmac.ts';

/**
 * Paymob's documented shapes (developers.paymob.com: Create Intention, Unified Checkout, HMAC calculation, Refund,
 * Void): what the adapter sends and how it reads and verifies what comes back.
 */
const HMAC_SECRET = '8C3F2A1B9D7E6F50A4B3C2D1E0F9A8B7';

/** A card transaction as Paymob's processed callback carries it (`obj`). */
const transaction = (): PaymobTransaction => ({
  id: 249563,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4566,
  has_parent_transaction: false,
  order: { id: 287231, merchant_order_id: 'BB-12-abcdef0123' },
  created_at: '2025-01-12T15:14:19.848245',
  currency: 'EGP',
  source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
  error_occured: false,
  owner: 4126,
  data: { message: 'Approved' },
});

// The 20 fields in Paymob's order, booleans as "true"/"false", nothing between them; the digest was computed
// outside this code base: printf '%s' "$TEXT" | openssl dgst -sha512 -hmac "$HMAC_SECRET".
const SIGNED_TEXT =
  '1000002025-01-12T15:14:19.848245EGPfalsefalse2495634566truefalsefalsefalsetruefalse2872314126false2346MasterCardcardtrue';
const VECTOR =
  '414174ca3bc2d734a10095651ca6c27aa35dfa807fcde6f2ff8b5506edbf7cddb76b6f99fe7c47d4060905fb941c3313390105c6af7ed082ba23544aee220088';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The adapter with a fetch that records each request and answers `answer(url)`. */
function gateway(answer: (url: string, body: Record<string, unknown>) => { status: number; json: unknown }) {
  const sent: Sent[] = [];
  const fetchStub = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ url, headers: init.headers as Record<string, string>, body });
    const { status, json } = answer(url, body);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const paymob = new PaymobGateway({
    secretKey: 'egy_sk_test_secret',
    publicKey: 'egy_pk_test_public',
    hmacSecret: HMAC_SECRET,
    baseUrl: 'https://accept.paymob.com',
    integrations: { card: 101, wallet: 202, kiosk: 303 },
    fetch: fetchStub,
  });
  return { paymob, sent };
}

const callbackUrl = (hmac: string) => new URL(`https://shop.example/api/payments/paymob/callback?hmac=${hmac}`);
const body = (obj: PaymobTransaction) => JSON.stringify({ type: 'TRANSACTION', obj });

describe('Paymob HMAC', () => {
  test('signs the 20 documented fields in their order, booleans as true/false (known vector)', () => {
    expect(paymobSignedText(transaction())).toBe(SIGNED_TEXT);
    expect(paymobHmac(HMAC_SECRET, SIGNED_TEXT)).toBe(VECTOR);
  });

  test('the response callback signs the same fields from its query, the order id as `order`', () => {
    const q = new URLSearchParams({
      amount_cents: '100000',
      created_at: '2025-01-12T15:14:19.848245',
      currency: 'EGP',
      error_occured: 'false',
      has_parent_transaction: 'false',
      id: '249563',
      integration_id: '4566',
      is_3d_secure: 'true',
      is_auth: 'false',
      is_capture: 'false',
      is_refunded: 'false',
      is_standalone_payment: 'true',
      is_voided: 'false',
      order: '287231',
      owner: '4126',
      pending: 'false',
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
      success: 'true',
    });
    expect(paymobSignedQuery(q)).toBe(SIGNED_TEXT);
  });

  test('the processed callback verifies with the vector and reads the payment in our terms', () => {
    const { paymob } = gateway(() => ({ status: 500, json: {} }));
    expect(paymob.verifyCallback(new Headers(), body(transaction()), callbackUrl(VECTOR))).toEqual({
      tranRef: '287231',
      reference: 'BB-12-abcdef0123',
      amount: 100000,
      currency: 'EGP',
      outcome: 'paid',
      transactionId: '249563',
    });
  });

  test('one byte changed anywhere is refused: a signed field, the hmac, or the key', () => {
    const { paymob } = gateway(() => ({ status: 500, json: {} }));
    const tampered = { ...transaction(), amount_cents: 100001 };
    expect(() => paymob.verifyCallback(new Headers(), body(tampered), callbackUrl(VECTOR))).toThrow(CallbackRefused);
    const flipped = { ...transaction(), success: false };
    expect(() => paymob.verifyCallback(new Headers(), body(flipped), callbackUrl(VECTOR))).toThrow(CallbackRefused);
    const badHmac = `${VECTOR.slice(0, -1)}9`;
    expect(() => paymob.verifyCallback(new Headers(), body(transaction()), callbackUrl(badHmac))).toThrow(CallbackRefused);
    expect(() => paymob.verifyCallback(new Headers(), body(transaction()), new URL('https://shop.example/cb'))).toThrow(
      CallbackRefused,
    );
  });

  test('a kiosk code is pending with its bill reference; a refund transaction is not a payment outcome', () => {
    const { paymob } = gateway(() => ({ status: 500, json: {} }));
    const kiosk: PaymobTransaction = {
      ...transaction(),
      pending: true,
      success: false,
      source_data: { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' },
      data: { bill_reference: 91234567 },
    };
    const read = paymob.verifyCallback(new Headers(), body(kiosk), callbackUrl(paymobHmac(HMAC_SECRET, paymobSignedText(kiosk))));
    expect(read).toMatchObject({ outcome: 'pending', billReference: '91234567' });
    const refund = { ...transaction(), has_parent_transaction: true, id: 249999 };
    const readRefund = paymob.verifyCallback(
      new Headers(),
      body(refund),
      callbackUrl(paymobHmac(HMAC_SECRET, paymobSignedText(refund))),
    );
    expect(readRefund.outcome).toBe('pending');
  });
});

describe('Paymob intention', () => {
  test('posts the documented intention and sends the shopper to the unified checkout with the client secret', async () => {
    const { paymob, sent } = gateway(() => ({
      status: 201,
      json: { id: 'pi_test_1', client_secret: 'egy_csk_test_abc', intention_order_id: 555, payment_methods: [] },
    }));
    const created = await paymob.create({
      reference: 'BB-7-0a1b2c3d4e',
      amount: 45050,
      currency: 'EGP',
      description: 'Bean Bazaar – Order #7',
      locale: 'ar',
      methodCodes: ['wallet'],
      customer: {
        name: 'Mona Adel Hassan',
        email: 'mona@example.com',
        // Kept in E.164; a wallet's number goes to Paymob in the 11-digit form its wallet examples use.
        phone: '+201012345678',
        street: '9 Nile St',
        city: 'Cairo',
        state: 'Cairo',
      },
      returnUrl: 'https://shop.example/api/payments/paymob/response?shop_order=7&lang=ar',
      callbackUrl: 'https://shop.example/api/payments/paymob/callback',
      cancelUrl: 'https://shop.example/api/opay/cancel',
    });
    expect(created).toEqual({
      tranRef: '555',
      redirectUrl: 'https://accept.paymob.com/unifiedcheckout/?publicKey=egy_pk_test_public&clientSecret=egy_csk_test_abc',
    });
    expect(sent[0]!.url).toBe('https://accept.paymob.com/v1/intention/');
    expect(sent[0]!.headers['authorization']).toBe('Token egy_sk_test_secret');
    expect(sent[0]!.body).toMatchObject({
      amount: 45050,
      currency: 'EGP',
      payment_methods: [202],
      items: [{ amount: 45050, quantity: 1 }],
      billing_data: { first_name: 'Mona', last_name: 'Adel Hassan', phone_number: '01012345678', country: 'EG' },
      special_reference: 'BB-7-0a1b2c3d4e',
      notification_url: 'https://shop.example/api/payments/paymob/callback',
      redirection_url: 'https://shop.example/api/payments/paymob/response?shop_order=7&lang=ar',
    });
  });

  test('a method without an integration id, or Paymob refusing, is a gateway error (nothing started)', async () => {
    const { paymob, sent } = gateway(() => ({ status: 404, json: { detail: 'Integration ID/Name does not exist' } }));
    const request = {
      reference: 'BB-1-x',
      amount: 100,
      currency: 'EGP' as const,
      description: 'x',
      locale: 'en' as const,
      customer: { name: 'A', email: 'a@b.c', phone: '0100', street: '', city: '', state: '' },
      returnUrl: 'r',
      callbackUrl: 'c',
      cancelUrl: 'x',
    };
    await expect(paymob.create({ ...request, methodCodes: ['valu'] })).rejects.toThrow(GatewayError);
    expect(sent).toHaveLength(0);
    await expect(paymob.create({ ...request, methodCodes: ['card'] })).rejects.toThrow(/Integration ID/);
  });
});

describe('Paymob refunds', () => {
  const payment = { tranRef: '287231', reference: 'BB-12-abcdef0123', currency: 'EGP' as const, transactionId: '249563' };
  const details = { reference: 'BB-RF1-100000', description: 'Refund', callbackUrl: 'c' };

  test('the whole amount on the day it was paid is a void; a part, or another day, a refund in piastres', async () => {
    const { paymob, sent } = gateway((url) => ({ status: 200, json: { id: url.endsWith('/void') ? 900 : 901, success: true } }));
    await expect(
      paymob.refund({ ...payment, paidAt: new Date().toISOString(), fullAmount: 100000 }, 100000, details),
    ).resolves.toEqual({ providerRef: '900' });
    expect(sent.at(-1)).toMatchObject({
      url: 'https://accept.paymob.com/api/acceptance/void_refund/void',
      body: { transaction_id: 249563 },
    });
    await expect(
      paymob.refund({ ...payment, paidAt: new Date().toISOString(), fullAmount: 100000 }, 2500, details),
    ).resolves.toEqual({
      providerRef: '901',
    });
    expect(sent.at(-1)).toMatchObject({
      url: 'https://accept.paymob.com/api/acceptance/void_refund/refund',
      body: { transaction_id: 249563, amount_cents: 2500 },
    });
    await paymob.refund({ ...payment, paidAt: '2020-01-01T10:00:00Z', fullAmount: 100000 }, 100000, details);
    expect(sent.at(-1)!.url).toMatch(/\/refund$/);
  });

  test('a void Paymob refuses falls back to a refund; a refused refund is a gateway error with its reason', async () => {
    const { paymob, sent } = gateway((url) =>
      url.endsWith('/void')
        ? { status: 400, json: { detail: 'settled' } }
        : { status: 400, json: { success: false, detail: 'Amount exceeds captured' } },
    );
    await expect(
      paymob.refund({ ...payment, paidAt: new Date().toISOString(), fullAmount: 100000 }, 100000, details),
    ).rejects.toThrow(/Amount exceeds captured/);
    expect(sent.map((s) => s.url.split('/').at(-1))).toEqual(['void', 'refund']);
    await expect(paymob.refund({ ...payment, transactionId: null }, 100, details)).rejects.toThrow(GatewayError);
  });
});

describe('which Paymob methods are offered', () => {
  test('with live keys, only the methods that have an integration id; in the sandbox, every one', async () => {
    const { methodAvailable } = await import('./gateways.ts');
    const live = {
      PAYMOB_SECRET_KEY: 'egy_sk_live_a',
      PAYMOB_PUBLIC_KEY: 'egy_pk_live_b',
      PAYMOB_HMAC_SECRET: 'S',
      PAYMOB_INTEGRATION_WALLET: '4000002',
    };
    expect(methodAvailable({ gateway: 'paymob', gateway_code: 'wallet' }, live)).toBe(true);
    expect(methodAvailable({ gateway: 'paymob', gateway_code: 'kiosk' }, live)).toBe(false);
    expect(methodAvailable({ gateway: 'paymob', gateway_code: 'kiosk' }, {})).toBe(true);
    expect(methodAvailable({ gateway: 'paymob', gateway_code: 'kiosk' }, { PAYMENTS_SANDBOX: '0' })).toBe(false);
  });
});
