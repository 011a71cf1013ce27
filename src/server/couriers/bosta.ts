import { bostaStep } from '../../lib/couriers/courier-steps.ts';
import { fromPounds, toPounds } from '../../lib/money.ts';
import {
  CourierApiError,
  WEBHOOK_SECRET_HEADER,
  type CourierCompany,
  type CourierDelivery,
  type DeliveryRequest,
  type WebhookNotice,
} from './courier-company.ts';
import { hasWebhookSecret } from './webhook-secret.ts';

/**
 * Bosta's v2 API (issue 38): the API key goes as the `Authorization` header as it is (no scheme); every answer is
 * `{ success, message, data }`.
 * - create: `POST /deliveries` with `type` 10 (deliver; 25 is a return pickup), `specs.packageDetails`, `cod` in
 *   pounds, `receiver {firstName, lastName, phone}`, `dropOffAddress {city, district, firstLine, secondLine, …}`,
 *   `businessReference`, and the webhook we want (`webhookUrl`, `webhookCustomHeaders` with our secret);
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

/** A forward delivery; 25 would be a customer return pickup. */
export const BOSTA_DELIVER = 10;

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
}

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

/** Bosta's webhook body (also what the sandbox posts): the tracking number and the bare state code. */
export function readWebhookPayload(body: unknown): WebhookNotice | 'unreadable' {
  const payload = (body ?? {}) as { trackingNumber?: unknown; state?: unknown };
  const trackingNumber = payload.trackingNumber;
  if ((typeof trackingNumber !== 'string' && typeof trackingNumber !== 'number') || typeof payload.state !== 'number')
    return 'unreadable';
  return { trackingNumber: String(trackingNumber), stateCode: payload.state };
}

export function bostaCompany(settings: BostaSettings, fetchImpl: typeof fetch = fetch): CourierCompany {
  const base = settings.baseUrl.replace(/\/+$/, '');
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers: { authorization: settings.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    });
    const answer = (await res.json().catch(() => ({}))) as BostaAnswer;
    if (!res.ok || answer.success === false) throw new CourierApiError('bosta', res.status, answer.message ?? res.statusText);
    return answer.data;
  }
  const tracked = (trackingNumber: string) => encodeURIComponent(trackingNumber);

  return {
    name: 'bosta',
    async createDelivery(request: DeliveryRequest) {
      const { receiver, dropOff } = request.address;
      const data = await call('POST', '/deliveries', {
        type: BOSTA_DELIVER,
        specs: { packageType: 'Parcel', packageDetails: { itemsCount: request.itemsCount, description: request.description } },
        cod: toPounds(request.cashToCollect),
        businessReference: String(request.orderId),
        receiver,
        dropOffAddress: {
          city: dropOff.city,
          district: dropOff.district,
          firstLine: dropOff.firstLine,
          ...(dropOff.landmark ? { secondLine: dropOff.landmark } : {}),
        },
        allowToOpenPackage: false,
        webhookUrl: settings.webhookUrl,
        webhookCustomHeaders: { [WEBHOOK_SECRET_HEADER]: settings.webhookSecret },
      });
      // The creation answers the new delivery's id, tracking number and first state.
      return readBostaDelivery({ businessReference: String(request.orderId), ...(data as BostaDeliveryData) });
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
    readWebhook(headers, body) {
      if (!hasWebhookSecret(headers, settings.webhookSecret)) return 'bad-secret';
      return readWebhookPayload(body);
    },
    trackingLink: (trackingNumber) => `https://bosta.co/tracking-shipments?shipment-number=${tracked(trackingNumber)}`,
  };
}
