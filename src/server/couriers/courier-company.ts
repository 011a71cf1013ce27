import type { CourierStep } from '../../lib/couriers/courier-steps.ts';
import type { HandoverAddress } from '../../lib/couriers/handover-address.ts';

/**
 * A courier company the shop hands parcels to through its API (issue 38, decision 023). One adapter per company
 * (Bosta: bosta.ts; the sandbox: sandbox-courier.ts); the services (hand-over.ts, tracking.ts) speak only this.
 * A company without an API is a courier of the couriers table with a daily manifest (manifest.ts), not an adapter.
 */
export const COURIER_COMPANIES = ['bosta', 'sandbox'] as const;
export type CourierCompanyName = (typeof COURIER_COMPANIES)[number];
export const isCourierCompanyName = (value: string): value is CourierCompanyName =>
  (COURIER_COMPANIES as readonly string[]).includes(value);

export interface DeliveryRequest {
  /** The order id: the company's business reference, so its records name our order. */
  orderId: number;
  address: HandoverAddress;
  /** What the parcel holds, and how many items. */
  description: string;
  itemsCount: number;
  /** Piastres to collect at the door (0 for a paid order). */
  cashToCollect: number;
}

/** A delivery as the company knows it now. */
export interface CourierDelivery {
  trackingNumber: string;
  /** The company's own id of the delivery. */
  providerId: string;
  /** The company's state code, kept for people who speak its language (support tickets). */
  stateCode: number;
  step: CourierStep;
  /** Delivery attempts made so far. */
  attempts: number;
  /** Piastres the company says it collects. */
  cod: number;
  businessReference: string;
}

/** What a webhook said, once its secret header was checked (never trusted to move anything by itself). */
export interface WebhookNotice {
  trackingNumber: string;
  stateCode: number;
}

export interface CourierCompany {
  name: CourierCompanyName;
  createDelivery(request: DeliveryRequest): Promise<CourierDelivery>;
  cancelDelivery(trackingNumber: string): Promise<void>;
  /** One PDF with the airway bills of all these deliveries, in this order. */
  airwayBills(trackingNumbers: readonly string[]): Promise<Uint8Array>;
  track(trackingNumber: string): Promise<CourierDelivery>;
  /** The notice of a webhook whose secret header is right; 'bad-secret' (the route answers 401) or 'unreadable'. */
  readWebhook(headers: Headers, body: unknown): WebhookNotice | 'bad-secret' | 'unreadable';
  /** Where the shopper follows the parcel on the company's site. */
  trackingLink(trackingNumber: string): string;
}

/** The header that carries our shared secret on a company's webhooks (Bosta sends the custom headers we give it). */
export const WEBHOOK_SECRET_HEADER = 'x-bean-bazaar-webhook-secret';

/** A company's API refused or did not answer: the desk says so and nothing is recorded for that order. */
export class CourierApiError extends Error {
  constructor(
    readonly company: CourierCompanyName,
    readonly status: number,
    message: string,
  ) {
    super(`${company} ${status}: ${message}`);
  }
}
