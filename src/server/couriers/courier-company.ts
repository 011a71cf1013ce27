import { Problem } from '../problem.ts';
import type { CourierStep } from '#lib/couriers/courier-steps.ts';
import type { HandoverAddress } from '#lib/couriers/handover-address.ts';

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

/** A return pickup (Bosta's type 25, "customer return pickup"): the company collects the parcel from the shopper. */
export interface ReturnPickupRequest {
  /** The return's id: the business reference is `return-<id>`, so a retry finds the first booking. */
  returnId: number;
  orderId: number;
  address: HandoverAddress;
  description: string;
  itemsCount: number;
}

export interface CourierCompany {
  name: CourierCompanyName;
  /**
   * The address as this company will take it (Bosta: the district's id looked up in its list), or null when the
   * company has no district by the shop's area name (the desk then names the district as what is missing).
   */
  placeAddress(address: HandoverAddress): Promise<HandoverAddress | null>;
  createDelivery(request: DeliveryRequest): Promise<CourierDelivery>;
  /**
   * The open forward delivery the company already has for this order (by business reference), or null: a hand-over
   * that stopped between "the company created it" and "we stored it" finds it instead of creating a second one.
   */
  findDelivery(orderId: number): Promise<CourierDelivery | null>;
  /** Books a return pickup; the same return asked twice finds the first booking. */
  bookReturnPickup(request: ReturnPickupRequest): Promise<CourierDelivery>;
  cancelDelivery(trackingNumber: string): Promise<void>;
  /** One PDF with the airway bills of all these deliveries, in this order. */
  airwayBills(trackingNumbers: readonly string[]): Promise<Uint8Array>;
  track(trackingNumber: string): Promise<CourierDelivery>;
  /**
   * The notice of a webhook whose secret header is right; 'bad-secret' (the route answers 401) or 'unreadable'. The
   * body is read only once the header passed: a caller without the secret never has its payload parsed.
   */
  readWebhook(headers: Headers, readBody: () => Promise<unknown>): Promise<WebhookNotice | 'bad-secret' | 'unreadable'>;
  /** Where the shopper follows the parcel on the company's site. */
  trackingLink(trackingNumber: string): string;
}

/** The header that carries our shared secret on a company's webhooks (Bosta sends the custom headers we give it). */
export const WEBHOOK_SECRET_HEADER = 'x-bean-bazaar-webhook-secret';

/**
 * A company's API refused or did not answer. It is a Problem of status 502 (the company, not the shop, failed): a
 * route that lets it through answers 502 with "the courier company did not answer" in the reader's language, never
 * 500. `companyStatus` is the company's own HTTP status (0 when it did not answer at all): a 4xx is a refusal, the
 * rest leaves it unknown whether the company acted (hand-over.ts keeps its claim then).
 */
export class CourierApiError extends Problem {
  readonly company: CourierCompanyName;
  readonly companyStatus: number;
  constructor(company: CourierCompanyName, companyStatus: number, message: string) {
    super(502, 'couriers.companyUnavailable', { values: { company: `${company} ${companyStatus}: ${message}` } });
    this.company = company;
    this.companyStatus = companyStatus;
    this.message = `${company} ${companyStatus}: ${message}`;
  }

  /** The company answered and said no (bad address, already picked up): it did not act. */
  get refused(): boolean {
    return this.companyStatus >= 400 && this.companyStatus < 500;
  }
}
