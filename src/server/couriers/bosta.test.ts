import { describe, expect, test } from 'vitest';
import { bostaCompany, readBostaDelivery } from './bosta.ts';
import { WEBHOOK_SECRET_HEADER } from './courier-company.ts';

/**
 * Contract tests on Bosta's documented v2 shapes (issue 38): what the adapter sends and how it reads Bosta's answers.
 * `fetch` is a recorder answering as Bosta documents; nothing reaches the network.
 */
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: any;
}

function bostaStub(answer: (sent: Sent) => { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  const fetchStub = (async (url: string, init: RequestInit) => {
    const request: Sent = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(request);
    const { status = 200, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const company = bostaCompany(
    {
      apiKey: 'bosta-key',
      webhookSecret: 'hook-secret',
      baseUrl: 'https://app.bosta.co/api/v2/',
      webhookUrl: 'https://shop.example/api/couriers/bosta/webhook',
    },
    fetchStub,
  );
  return { company, sent };
}

const request = {
  orderId: 1042,
  address: {
    receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01001234567' },
    dropOff: { city: 'Giza', district: 'Dokki', firstLine: '12 Tahrir St.', landmark: 'Next to the pharmacy' },
  },
  description: 'Order 1042',
  itemsCount: 3,
  cashToCollect: 45050,
};

describe('Bosta', () => {
  test('creates a type-10 delivery with the cash in pounds, the receiver, the address, our reference and webhook', async () => {
    const { company, sent } = bostaStub(() => ({
      body: {
        success: true,
        message: 'Delivery created',
        data: { _id: 'dlv_1', trackingNumber: 7234561, state: { code: 10, value: 'Pickup requested' } },
      },
    }));
    const delivery = await company.createDelivery(request);
    expect(sent[0]!.url).toBe('https://app.bosta.co/api/v2/deliveries');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['authorization']).toBe('bosta-key');
    expect(sent[0]!.body).toEqual({
      type: 10,
      specs: { packageType: 'Parcel', packageDetails: { itemsCount: 3, description: 'Order 1042' } },
      cod: 450.5,
      businessReference: '1042',
      receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01001234567' },
      dropOffAddress: { city: 'Giza', district: 'Dokki', firstLine: '12 Tahrir St.', secondLine: 'Next to the pharmacy' },
      allowToOpenPackage: false,
      webhookUrl: 'https://shop.example/api/couriers/bosta/webhook',
      webhookCustomHeaders: { [WEBHOOK_SECRET_HEADER]: 'hook-secret' },
    });
    expect(delivery).toMatchObject({
      trackingNumber: '7234561',
      providerId: 'dlv_1',
      stateCode: 10,
      step: 'created',
      businessReference: '1042',
    });
  });

  test('reads a delivery by tracking number: state {code, value}, cod in pounds, attempts', async () => {
    const { company, sent } = bostaStub(() => ({
      body: {
        success: true,
        data: {
          _id: 'dlv_1',
          trackingNumber: '7234561',
          state: { code: 47, value: 'Exception' },
          cod: 450.5,
          businessReference: '1042',
          numberOfAttempts: 2,
        },
      },
    }));
    const delivery = await company.track('7234561');
    expect(sent[0]!.url).toBe('https://app.bosta.co/api/v2/deliveries/business/7234561');
    expect(delivery).toEqual({
      trackingNumber: '7234561',
      providerId: 'dlv_1',
      stateCode: 47,
      step: 'failed_attempt',
      attempts: 2,
      cod: 45050,
      businessReference: '1042',
    });
  });

  test('airway bills: one mass-awb call for all tracking numbers, the base64 PDF decoded', async () => {
    const pdf = Buffer.from('%PDF-1.4 two bills').toString('base64');
    const { company, sent } = bostaStub(() => ({ body: { success: true, data: pdf } }));
    const bytes = await company.airwayBills(['111', '222']);
    expect(sent[0]).toMatchObject({
      url: 'https://app.bosta.co/api/v2/deliveries/mass-awb',
      method: 'POST',
      body: { trackingNumbers: '111,222', requestedAwbType: 'A4' },
    });
    expect(Buffer.from(bytes).toString()).toBe('%PDF-1.4 two bills');
  });

  test('cancels with terminate; a refusal becomes a CourierApiError with Bosta’s message', async () => {
    const { company, sent } = bostaStub(() => ({ status: 400, body: { success: false, message: 'Delivery already picked up' } }));
    await expect(company.cancelDelivery('111')).rejects.toThrow('bosta 400: Delivery already picked up');
    expect(sent[0]).toMatchObject({ url: 'https://app.bosta.co/api/v2/deliveries/business/111/terminate', method: 'DELETE' });
  });

  test('a webhook is read only with our secret header; the bare state number and tracking number', () => {
    const { company } = bostaStub(() => ({ body: {} }));
    const body = {
      _id: 'dlv_1',
      trackingNumber: 7234561,
      state: 45,
      type: 'SEND',
      cod: 450.5,
      businessReference: '1042',
      timeStamp: 1700000000000,
    };
    expect(company.readWebhook(new Headers(), body)).toBe('bad-secret');
    expect(company.readWebhook(new Headers({ [WEBHOOK_SECRET_HEADER]: 'wrong' }), body)).toBe('bad-secret');
    const signed = new Headers({ [WEBHOOK_SECRET_HEADER]: 'hook-secret' });
    expect(company.readWebhook(signed, body)).toEqual({ trackingNumber: '7234561', stateCode: 45 });
    expect(company.readWebhook(signed, { trackingNumber: '1' })).toBe('unreadable');
  });

  test('a bare-number state (as webhooks send it) reads like {code}', () => {
    expect(readBostaDelivery({ trackingNumber: 1, state: 46 }).step).toBe('returned');
  });
});
