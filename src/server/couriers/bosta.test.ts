import { describe, expect, test } from 'vitest';
import { bostaCompany, readBostaDelivery } from './bosta.ts';
import { CourierApiError, WEBHOOK_SECRET_HEADER } from './courier-company.ts';
import { forgetBostaDistricts } from './bosta-districts.ts';

/**
 * Contract tests on Bosta's documented v2 shapes (issue 38): what the adapter sends and how it reads Bosta's answers.
 * `fetch` is a recorder answering as Bosta documents; nothing reaches the network. Sources (read 2026-11-26):
 * [create] https://docs.bosta.co/docs/how-to/create-your-first-delivery — `POST /api/v2/deliveries?apiVersion=1`,
 *   types 10 (Deliver) and 25 (CRP, customer return pickup: `pickupAddress` is the customer's address),
 *   `specs.packageDetails {description, itemsCount}`;
 * [address] https://docs.bosta.co/docs/how-to/format-bosta-address — `city` (name), `districtId` (required unless
 *   `districtName` and `cityId`), `firstLine` (> 5 characters), `secondLine` (nearby landmark);
 *   `GET /cities?countryId=60e4482c7cb7d4bc4849c4d5` (Egypt), `GET /cities/{cityId}/districts` answering
 *   `{zoneId, zoneName, districtId, districtName, districtOtherName, pickupAvailability, dropOffAvailability}`;
 * [webhook] https://docs.bosta.co/docs/how-to/get-delivery-status-via-webhook — `webhookUrl`, `webhookCustomHeaders`
 *   (an object of headers Bosta sends back; no signature), body `{_id, trackingNumber, state (code), type (SEND |
 *   CUSTOMER_RETURN_PICKUP | …), cod, timeStamp, isConfirmedDelivery, exceptionReason, businessReference,
 *   numberOfAttempts}`;
 * [types] github bostaapp/bosta-nodejs src/utils/deliveryTypes.js — SEND 10, CRP 25 (`Customer Return Pickup`);
 * [awb] not in Bosta's public guides: `POST /deliveries/mass-awb {trackingNumbers (comma separated),
 *   requestedAwbType, lang}` answering `data` as a base64 PDF, as public integrations call it (found by the
 *   find_string of "deliveries/mass-awb"); Bosta's WooCommerce plugin asks `GET /deliveries/mass-awb?ids=` (by _id);
 * [track/search] `GET /deliveries/business/{trackingNumber}` and `POST /deliveries/search` as public integrations call
 *   them (Bosta's SDKs: `GET /deliveries/{trackingNumber}`); the search's answer is filtered here on our reference.
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

const address = {
  receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01001234567' },
  dropOff: {
    city: 'Giza',
    district: 'Dokki',
    districtId: 'aD0kki',
    firstLine: '12 Tahrir St.',
    landmark: 'Next to the pharmacy',
  },
};
const request = {
  orderId: 1042,
  address,
  description: 'Order 1042',
  itemsCount: 3,
  cashToCollect: 45050,
};

describe('Bosta', () => {
  test('[create] a type-10 delivery with the cash in pounds, the receiver, the district id, our reference and webhook', async () => {
    const { company, sent } = bostaStub(() => ({
      body: {
        success: true,
        message: 'Delivery created',
        data: { _id: 'dlv_1', trackingNumber: 7234561, state: { code: 10, value: 'Pickup requested' } },
      },
    }));
    const delivery = await company.createDelivery(request);
    expect(sent[0]!.url).toBe('https://app.bosta.co/api/v2/deliveries?apiVersion=1');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['authorization']).toBe('bosta-key');
    expect(sent[0]!.body).toEqual({
      type: 10,
      specs: { packageDetails: { itemsCount: 3, description: 'Order 1042' } },
      cod: 450.5,
      businessReference: '1042',
      receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01001234567' },
      dropOffAddress: { city: 'Giza', districtId: 'aD0kki', firstLine: '12 Tahrir St.', secondLine: 'Next to the pharmacy' },
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

  test('[address] the area is looked up in Bosta’s districts of the city (English or Arabic name), once a day', async () => {
    forgetBostaDistricts();
    const { company, sent } = bostaStub(({ url }) =>
      url.includes('/districts')
        ? {
            body: {
              success: true,
              data: [
                {
                  zoneId: 'z1',
                  zoneName: 'Dokki',
                  districtId: 'aD0kki',
                  districtName: 'Dokki',
                  districtOtherName: 'الدقي',
                  pickupAvailability: true,
                  dropOffAvailability: true,
                },
                {
                  zoneId: 'z2',
                  zoneName: 'Far',
                  districtId: 'fAr',
                  districtName: 'Far Away',
                  districtOtherName: 'بعيد',
                  pickupAvailability: false,
                  dropOffAvailability: false,
                },
              ],
            },
          }
        : {
            body: {
              success: true,
              data: [
                { _id: 'city-cairo', name: 'Cairo' },
                { _id: 'city-giza', name: 'Giza' },
              ],
            },
          },
    );
    const withDistrict = (district: string, city = 'Giza') => ({
      ...address,
      dropOff: { ...address.dropOff, city, district },
    });
    expect((await company.placeAddress(withDistrict('dokki')))?.dropOff.districtId).toBe('aD0kki');
    expect((await company.placeAddress(withDistrict('الدقى')))?.dropOff.districtId).toBe('aD0kki');
    // Not delivered to, unknown, or a city Bosta does not list: the desk names the district as missing.
    expect(await company.placeAddress(withDistrict('Far Away'))).toBeNull();
    expect(await company.placeAddress(withDistrict('Atlantis'))).toBeNull();
    expect(await company.placeAddress(withDistrict('Dokki', 'Siwa'))).toBeNull();
    expect(sent.map((s) => s.url)).toEqual([
      'https://app.bosta.co/api/v2/cities?countryId=60e4482c7cb7d4bc4849c4d5',
      'https://app.bosta.co/api/v2/cities/city-giza/districts',
    ]);
  });

  test('[create][types] a return pickup is type 25 from the shopper’s address, no cash, our return’s reference', async () => {
    const { company, sent } = bostaStub(() => ({
      body: { success: true, data: { _id: 'dlv_9', trackingNumber: '555', state: { code: 10 } } },
    }));
    const booked = await company.bookReturnPickup({
      returnId: 7,
      orderId: 1042,
      address: request.address,
      description: 'Return of order 1042',
      itemsCount: 1,
    });
    expect(sent[0]!.url).toBe('https://app.bosta.co/api/v2/deliveries?apiVersion=1');
    expect(sent[0]!.body).toEqual({
      type: 25,
      specs: { packageDetails: { itemsCount: 1, description: 'Return of order 1042' } },
      businessReference: 'return-7',
      receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01001234567' },
      pickupAddress: { city: 'Giza', districtId: 'aD0kki', firstLine: '12 Tahrir St.', secondLine: 'Next to the pharmacy' },
      webhookUrl: 'https://shop.example/api/couriers/bosta/webhook',
      webhookCustomHeaders: { [WEBHOOK_SECRET_HEADER]: 'hook-secret' },
    });
    expect(booked).toMatchObject({ trackingNumber: '555', businessReference: 'return-7' });
  });

  test('[track/search] finds the open forward delivery Bosta already has for an order by our reference', async () => {
    const { company, sent } = bostaStub(() => ({
      body: {
        success: true,
        data: {
          deliveries: [
            { _id: 'x', trackingNumber: '1', businessReference: '1042', state: { code: 48 }, type: { code: 10 } },
            { _id: 'r', trackingNumber: '2', businessReference: '1042', state: { code: 10 }, type: { code: 25 } },
            { _id: 'o', trackingNumber: '3', businessReference: '10420', state: { code: 10 }, type: { code: 10 } },
            { _id: 'y', trackingNumber: '4', businessReference: '1042', state: { code: 10 }, type: { code: 10 } },
          ],
        },
      },
    }));
    expect((await company.findDelivery(1042))?.trackingNumber).toBe('4');
    expect(sent[0]).toMatchObject({ url: 'https://app.bosta.co/api/v2/deliveries/search', method: 'POST' });
    expect(sent[0]!.body.businessReference).toBe('1042');
  });

  test('Bosta not answering is a 502 problem ("the courier company did not answer"), not a crash', async () => {
    const company = bostaCompany(
      { apiKey: 'k', webhookSecret: 's', baseUrl: 'https://app.bosta.co/api/v2', webhookUrl: 'https://shop.example/w' },
      (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    );
    const error = await company.track('1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CourierApiError);
    expect(error).toMatchObject({ status: 502, code: 'couriers.companyUnavailable', companyStatus: 0, refused: false });
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

  test('[awb] airway bills: one mass-awb call for all tracking numbers, the base64 PDF decoded', async () => {
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

  test('[webhook] a webhook is read only with our secret header; the bare state number and tracking number', async () => {
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
    let reads = 0;
    const reader = (payload: unknown) => async () => {
      reads += 1;
      return payload;
    };
    expect(await company.readWebhook(new Headers(), reader(body))).toBe('bad-secret');
    expect(await company.readWebhook(new Headers({ [WEBHOOK_SECRET_HEADER]: 'wrong' }), reader(body))).toBe('bad-secret');
    // Without the secret the body is never read.
    expect(reads).toBe(0);
    const signed = new Headers({ [WEBHOOK_SECRET_HEADER]: 'hook-secret' });
    expect(await company.readWebhook(signed, reader(body))).toEqual({ trackingNumber: '7234561', stateCode: 45 });
    expect(await company.readWebhook(signed, reader({ trackingNumber: '1' }))).toBe('unreadable');
  });

  test('a bare-number state (as webhooks send it) reads like {code}', () => {
    expect(readBostaDelivery({ trackingNumber: 1, state: 46 }).step).toBe('returned');
  });
});
