import * as z from 'zod/mini';
import { bostaStep } from '#lib/couriers/courier-steps.ts';
import { fromPounds, toPounds } from '#lib/money.ts';
import {
  CourierApiError,
  WEBHOOK_SECRET_HEADER,
  type CourierCompany,
  type CourierDelivery,
  type DeliveryRequest,
  type WebhookNotice,
} from './courier-company.ts';
import { hasWebhookSecret } from './webhook-secret.ts';
import { bostaDistrictId } from './bosta-districts.ts';
import type { HandoverAddress } from '#lib/couriers/handover-address.ts';

/** Bosta's address: the city's name, the district's id, the street, the landmark as the second line. */
function bostaAddress({ dropOff }: HandoverAddress) {
  return {
    city: dropOff.city,
    ...(dropOff.districtId ? { districtId: dropOff.districtId } : { districtName: dropOff.district }),
    firstLine: dropOff.firstLine,
    ...(dropOff.landmark ? { secondLine: dropOff.landmark } : {}),
  };
}

/**
 * Bosta's v2 API (issue 38): the API key goes as the `Authorization` header as it is (no scheme); every answer is
 * `{ success, message, data }`. Sources of each shape are cited in bosta.test.ts.
 * - create: `POST /deliveries?apiVersion=1` with `type` 10 (deliver), `specs.packageDetails`, `cod` in pounds,
 *   `receiver {firstName, lastName, phone}`, `dropOffAddress {city, districtId, firstLine, secondLine}` (the district
 *   id from Bosta's own list: bosta-districts.ts; `secondLine` is the landmark), `businessReference`, and the webhook
 *   we want (`webhookUrl`, `webhookCustomHeaders` with our secret);
 * - return pickup: the same call with `type` 25 and the shopper's address as `pickupAddress`, no cash;
 * - find by our reference: `POST /deliveries/search` (its answer filtered here on `businessReference` and type);
 * - read: `GET /deliveries/business/{trackingNumber}` (`state` is `{code, value}`);
 * - cancel: `DELETE /deliveries/business/{trackingNumber}/terminate`;
 * - airway bills: `POST /deliveries/mass-awb` with `trackingNumbers` (comma separated): `data` is one PDF, base64;
 * - webhook: `{ _id, trackingNumber, state, businessReference, numberOfAttempts, … }`, unsigned: our secret header
 *   is checked, and the delivery is read again before anything moves (tracking.ts).
 * `fetch` is passed in, so the contract tests check what goes out and read Bosta's documented answers.
 */
export interface BostaSettings {
  apiKey: string;
  webhookSecret: string;
  baseUrl: string;
  /** Where Bosta posts state changes (our /api/couriers/bosta/webhook). */
  webhookUrl: string;
}

/** A forward delivery. */
export const BOSTA_DELIVER = 10;
/** A customer return pickup ("CRP"). */
export const BOSTA_RETURN_PICKUP = 25;

interface BostaAnswer {
  success?: boolean;
  message?: string;
  data?: unknown;
}

interface BostaDeliveryData {
  _id?: string;
  trackingNumber?: string | number;
  state?: { code?: number; value?: string } | number;
  cod?: number;
  businessReference?: string;
  numberOfAttempts?: number;
  attemptsCount?: number;
  type?: { code?: number; value?: string } | number | string;
}

/** Whether a delivery read back from Bosta is a forward one (its type as a code, `{code}`, or the webhook's word). */
const isForward = (type: BostaDeliveryData['type']): boolean =>
  type === undefined || type === 10 || type === 'SEND' || (typeof type === 'object' && type.code === 10);

export function readBostaDelivery(data: BostaDeliveryData): CourierDelivery {
  const code = typeof data.state === 'number' ? data.state : Number(data.state?.code ?? 0);
  return {
    trackingNumber: String(data.trackingNumber ?? ''),
    providerId: String(data._id ?? ''),
    stateCode: code,
    step: bostaStep(code),
    attempts: Number(data.numberOfAttempts ?? data.attemptsCount ?? 0),
    cod: data.cod ? fromPounds(data.cod) : 0,
    businessReference: String(data.businessReference ?? ''),
  };
}

/**
 * Bosta's webhook body as its documents describe it (also what the sandbox posts), checked before anything reads it
 * (issue 49): `{ _id, trackingNumber, state, businessReference, numberOfAttempts, … }`, `state` the bare state code.
 */
const BostaWebhookShape = z.looseObject({
  _id: z.optional(z.string()),
  trackingNumber: z.union([z.string(), z.number()]),
  state: z.number(),
  businessReference: z.optional(z.nullable(z.string())),
  numberOfAttempts: z.optional(z.nullable(z.number())),
});

/** The tracking number and the bare state code of a Bosta webhook body, or 'unreadable'. */
export function readWebhookPayload(body: unknown): WebhookNotice | 'unreadable' {
  const payload = BostaWebhookShape.safeParse(body);
  if (!payload.success) return 'unreadable';
  return { trackingNumber: String(payload.data.trackingNumber), stateCode: payload.data.state };
}

export function bostaCompany(settings: BostaSettings, fetchImpl: typeof fetch = fetch): CourierCompany {
  const base = settings.baseUrl.replace(/\/+$/, '');
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers: { authorization: settings.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      // No answer (network, timeout): whether Bosta acted is unknown (status 0).
      throw new CourierApiError('bosta', 0, error instanceof Error ? error.message : 'no answer');
    }
    const answer = (await res.json().catch(() => ({}))) as BostaAnswer;
    if (!res.ok || answer.success === false) throw new CourierApiError('bosta', res.status, answer.message ?? res.statusText);
    return answer.data;
  }
  const tracked = (trackingNumber: string) => encodeURIComponent(trackingNumber);
  const webhook = {
    webhookUrl: settings.webhookUrl,
    webhookCustomHeaders: { [WEBHOOK_SECRET_HEADER]: settings.webhookSecret },
  };

  return {
    name: 'bosta',
    async placeAddress(address) {
      const districtId = await bostaDistrictId(base, (path) => call('GET', path), address.dropOff.city, address.dropOff.district);
      return districtId ? { ...address, dropOff: { ...address.dropOff, districtId } } : null;
    },
    async createDelivery(request: DeliveryRequest) {
      const data = await call('POST', '/deliveries?apiVersion=1', {
        type: BOSTA_DELIVER,
        specs: { packageDetails: { itemsCount: request.itemsCount, description: request.description } },
        cod: toPounds(request.cashToCollect),
        businessReference: String(request.orderId),
        receiver: request.address.receiver,
        dropOffAddress: bostaAddress(request.address),
        allowToOpenPackage: false,
        ...webhook,
      });
      // The creation answers the new delivery's id, tracking number and first state.
      return readBostaDelivery({ businessReference: String(request.orderId), ...(data as BostaDeliveryData) });
    },
    async findDelivery(orderId) {
      const data = await call('POST', '/deliveries/search', { businessReference: String(orderId), pageSize: 50 });
      const list = Array.isArray(data) ? data : ((data as { deliveries?: unknown[] } | null)?.deliveries ?? []);
      const found = (list as BostaDeliveryData[])
        .filter((d) => d.businessReference === String(orderId) && isForward(d.type))
        .map(readBostaDelivery)
        .find((d) => d.step !== 'cancelled');
      return found ?? null;
    },
    async bookReturnPickup(request) {
      const reference = `return-${request.returnId}`;
      const data = await call('POST', '/deliveries?apiVersion=1', {
        type: BOSTA_RETURN_PICKUP,
        specs: { packageDetails: { itemsCount: request.itemsCount, description: request.description } },
        businessReference: reference,
        receiver: request.address.receiver,
        pickupAddress: bostaAddress(request.address),
        ...webhook,
      });
      return readBostaDelivery({ businessReference: reference, ...(data as BostaDeliveryData) });
    },
    async cancelDelivery(trackingNumber) {
      await call('DELETE', `/deliveries/business/${tracked(trackingNumber)}/terminate`);
    },
    async airwayBills(trackingNumbers) {
      const data = await call('POST', '/deliveries/mass-awb', {
        trackingNumbers: trackingNumbers.join(','),
        requestedAwbType: 'A4',
        lang: 'ar',
      });
      return new Uint8Array(Buffer.from(String(data ?? ''), 'base64'));
    },
    async track(trackingNumber) {
      return readBostaDelivery((await call('GET', `/deliveries/business/${tracked(trackingNumber)}`)) as BostaDeliveryData);
    },
    async readWebhook(headers, readBody) {
      if (!hasWebhookSecret(headers, settings.webhookSecret)) return 'bad-secret';
      return readWebhookPayload(await readBody());
    },
    trackingLink: (trackingNumber) => `https://bosta.co/tracking-shipments?shipment-number=${tracked(trackingNumber)}`,
  };
}
