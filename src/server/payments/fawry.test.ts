import { describe, expect, test } from 'vitest';
import { CallbackRefused, GatewayError } from './gateway.ts';
import { FawryGateway } from './fawry.ts';
import { cancelSignature, chargeSignature, notificationSignature, refundSignature, statusSignature } from './fawry-signatures.ts';

/**
 * FawryPay's documented recipes and shapes ("Pay at Fawry" charge, server notification V2, payment status V2,
 * refund). Each vector was computed outside this code base: printf '%s' "$TEXT" | sha256sum.
 */
const KEY = 'fawry-test-security-key';
const MERCHANT = '1tSa6uxz2nRbgY+b+cZGyA==';

const paidNotification = () => ({
  requestId: 'c72827d084ea4b88949d91dd2db4996e',
  fawryRefNumber: '923456789',
  merchantRefNumber: 'BB-7-0a1b2c3d4e',
  customerMobile: '01234567891',
  // The shopper paid the order plus Fawry's fees.
  paymentAmount: 455.5,
  orderAmount: 450.5,
  fawryFees: 5.0,
  orderStatus: 'PAID',
  paymentMethod: 'PayAtFawry',
  paymentRefrenceNumber: '123456',
  messageSignature: '3c4b691c2aac01988d3f9c69546e19cb651f59089fc5fe7d04061aba79d2ab53',
});

describe('Fawry signatures (known vectors)', () => {
  test('charge: merchant code, our reference, profile id, method, amount with two decimals, key', () => {
    const fields = {
      merchantCode: MERCHANT,
      merchantRefNum: 'BB-7-0a1b2c3d4e',
      customerProfileId: '',
      paymentMethod: 'PAYATFAWRY',
      secureKey: KEY,
    };
    const vector = 'ace8c287c3c9abf7b6b675b81f5c9dfa0d840322dcac53e0264bcec1fa658a20';
    expect(chargeSignature({ ...fields, amount: '450.50' })).toBe(vector);
    // However the amount is written, it is hashed as "450.50".
    expect(chargeSignature({ ...fields, amount: '450.5' })).toBe(vector);
    expect(chargeSignature({ ...fields, amount: '450.51' })).not.toBe(vector);
  });

  test('notification V2: amounts formatted to two decimals before hashing (455.5 → "455.50")', () => {
    expect(notificationSignature(paidNotification(), KEY)).toBe(paidNotification().messageSignature);
  });

  test('status V2 and refund', () => {
    expect(statusSignature(MERCHANT, 'BB-7-0a1b2c3d4e', KEY)).toBe(
      '18eb4dd04ba0ee43f7fc97bf62c214a137293916fea170eb7bfb2ab84ef87432',
    );
    expect(
      refundSignature({
        merchantCode: MERCHANT,
        referenceNumber: '923456789',
        refundAmount: '25',
        reason: 'Refund of order #7',
        secureKey: KEY,
      }),
    ).toBe('dbcf4b84296f9b04a1d323732505823a37e94efb378f4927c41fabf2a37ba059');
  });

  test('cancel unpaid order: the reference first, then the merchant account, the language, the key', () => {
    expect(cancelSignature('923456789', MERCHANT, 'ar-eg', KEY)).toBe(
      '544551eabeaf60d38498481b4169ad87b719e16c36507a18dbf039d18381a00a',
    );
  });
});

function gateway(answer: (url: string) => { status: number; json: unknown }) {
  const sent: { url: string; body: Record<string, unknown> | undefined }[] = [];
  const fetchStub = (async (url: string | URL, init?: RequestInit) => {
    sent.push({ url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined });
    const { status, json } = answer(String(url));
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const fawry = new FawryGateway({
    merchantCode: MERCHANT,
    securityKey: KEY,
    baseUrl: 'https://www.atfawry.com',
    expiryMs: 3_600_000,
    fetch: fetchStub,
  });
  return { fawry, sent };
}

describe('the Fawry adapter', () => {
  test('a verified PAID notification is the order amount in piastres (fees apart); one byte changed is refused', () => {
    const { fawry } = gateway(() => ({ status: 500, json: {} }));
    expect(fawry.verifyCallback(new Headers(), JSON.stringify(paidNotification()))).toEqual({
      tranRef: '923456789',
      reference: 'BB-7-0a1b2c3d4e',
      amount: 45050,
      currency: 'EGP',
      outcome: 'paid',
    });
    for (const change of [
      { orderAmount: 450.51 },
      { orderStatus: 'NEW' },
      { messageSignature: 'f'.repeat(64) },
      { merchantRefNumber: 'BB-8-x' },
    ])
      expect(() => fawry.verifyCallback(new Headers(), JSON.stringify({ ...paidNotification(), ...change }))).toThrow(
        CallbackRefused,
      );
  });

  test('the charge asks for PAYATFAWRY with its signature and gives the reference and its expiry, no page', async () => {
    const { fawry, sent } = gateway(() => ({
      status: 200,
      json: {
        type: 'ChargeResponse',
        referenceNumber: '923456789',
        merchantRefNumber: 'BB-7-0a1b2c3d4e',
        expirationTime: 1_800_000_000_000,
        statusCode: 200,
        statusDescription: 'Operation done successfully',
      },
    }));
    const created = await fawry.create({
      reference: 'BB-7-0a1b2c3d4e',
      amount: 45050,
      currency: 'EGP',
      description: 'Order #7',
      locale: 'ar',
      methodCodes: ['PAYATFAWRY'],
      customer: { name: 'Mona Adel', email: 'mona@example.com', phone: '+201012345678', street: '', city: '', state: '' },
      returnUrl: 'https://shop.example/api/payments/return?order=7&lang=ar',
      callbackUrl: 'https://shop.example/api/payments/fawry/callback',
      cancelUrl: 'x',
    });
    expect(created).toEqual({
      tranRef: '923456789',
      redirectUrl: 'https://shop.example/api/payments/return?order=7&lang=ar',
      billReference: '923456789',
      expiresAt: new Date(1_800_000_000_000).toISOString(),
    });
    expect(sent[0]!.url).toBe('https://www.atfawry.com/ECommerceWeb/Fawry/payments/charge');
    expect(sent[0]!.body).toMatchObject({
      merchantCode: MERCHANT,
      merchantRefNum: 'BB-7-0a1b2c3d4e',
      paymentMethod: 'PAYATFAWRY',
      amount: '450.50',
      currencyCode: 'EGP',
      customerMobile: '01012345678',
      language: 'ar-eg',
      chargeItems: [{ price: '450.50', quantity: 1 }],
      signature: 'ace8c287c3c9abf7b6b675b81f5c9dfa0d840322dcac53e0264bcec1fa658a20',
    });
  });

  test('status V2 is asked with its signature and believed only when its messageSignature verifies', async () => {
    const { fawry, sent } = gateway(() => ({ status: 200, json: paidNotification() }));
    const payment = { tranRef: '923456789', reference: 'BB-7-0a1b2c3d4e', currency: 'EGP' as const };
    await expect(fawry.inquire(payment)).resolves.toMatchObject({ outcome: 'paid', amount: 45050 });
    const asked = new URL(sent[0]!.url);
    expect(asked.pathname).toBe('/ECommerceWeb/Fawry/payments/status/v2');
    expect(asked.searchParams.get('signature')).toBe('18eb4dd04ba0ee43f7fc97bf62c214a137293916fea170eb7bfb2ab84ef87432');
    const forged = gateway(() => ({ status: 200, json: { ...paidNotification(), orderAmount: 1 } }));
    await expect(forged.fawry.inquire(payment)).rejects.toThrow(GatewayError);
  });

  test('a refund Fawry refuses is a gateway error with its description', async () => {
    const { fawry } = gateway(() => ({ status: 200, json: { statusCode: 9954, statusDescription: 'Refund is not allowed' } }));
    await expect(
      fawry.refund({ tranRef: '923456789', reference: 'BB-7', currency: 'EGP' }, 2500, {
        reference: 'r',
        description: 'x',
        callbackUrl: 'c',
      }),
    ).rejects.toThrow(/Refund is not allowed/);
  });
});
