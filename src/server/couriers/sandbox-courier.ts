import { randomInt } from 'node:crypto';
import { bostaStep } from '#lib/couriers/courier-steps.ts';
import { printToPdf } from '../documents/print-to-pdf.ts';
import { airwayBillsHtml } from './airway-bill-html.ts';
import { readWebhookPayload } from './bosta.ts';
import {
  CourierApiError,
  WEBHOOK_SECRET_HEADER,
  type CourierCompany,
  type CourierDelivery,
  type DeliveryRequest,
} from './courier-company.ts';
import { hasWebhookSecret } from './webhook-secret.ts';
import { bostaNoticeBody, CLOSED_STATES, inState, statesFor, type SandboxAction } from './sandbox-parcel-states.ts';

/**
 * The sandbox courier (issue 38): a company that behaves as Bosta does, for the demo and the tests. Its deliveries
 * live in this process (keyed by the shop's database, so each test database has its own company), carry Bosta's
 * state codes, post Bosta's webhook body with our secret header, and print a real PDF of airway bills. A test or the
 * demo drives a parcel (`driveSandbox`: advance, deliver, fail an attempt, return); each state it passes is one
 * webhook, posted through the shop's own API, so the webhook route checks it as it checks Bosta's.
 */
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-courier-webhook-secret';

interface SandboxParcel {
  delivery: CourierDelivery;
  request: DeliveryRequest;
  /** A delivery to the shopper (type 10), not a return pickup (type 25). */
  forward: boolean;
}

const companies = new WeakMap<object, Map<string, SandboxParcel>>();
const parcelsOf = (world: object) => companies.get(world) ?? companies.set(world, new Map()).get(world)!;

export function sandboxCompany(world: object, secret = SANDBOX_WEBHOOK_SECRET): CourierCompany {
  const parcels = parcelsOf(world);
  const parcel = (trackingNumber: string) => {
    const found = parcels.get(trackingNumber);
    if (!found) throw new CourierApiError('sandbox', 404, `no delivery ${trackingNumber}`);
    return found;
  };
  const create = (request: DeliveryRequest, businessReference: string, forward: boolean) => {
    let trackingNumber: string;
    do trackingNumber = `SB${randomInt(10_000_000, 99_999_999)}`;
    while (parcels.has(trackingNumber));
    const delivery: CourierDelivery = {
      trackingNumber,
      providerId: `sandbox-${trackingNumber}`,
      stateCode: 10,
      step: bostaStep(10),
      attempts: 0,
      cod: request.cashToCollect,
      businessReference,
    };
    parcels.set(trackingNumber, { delivery, request, forward });
    return { ...delivery };
  };
  return {
    name: 'sandbox',
    // As Bosta, the district is the company's own id; the sandbox delivers to every area of a city it serves.
    placeAddress: async (address) => ({
      ...address,
      dropOff: { ...address.dropOff, districtId: `sandbox-${address.dropOff.district.toLowerCase()}` },
    }),
    createDelivery: async (request) => create(request, String(request.orderId), true),
    async findDelivery(orderId) {
      const found = [...parcels.values()].find(
        (p) => p.forward && p.delivery.businessReference === String(orderId) && p.delivery.step !== 'cancelled',
      );
      return found ? { ...found.delivery } : null;
    },
    bookReturnPickup: async (request) => create({ ...request, cashToCollect: 0 }, `return-${request.returnId}`, false),
    async cancelDelivery(trackingNumber) {
      const found = parcel(trackingNumber);
      // As Bosta: a delivery the company already took cannot be terminated from the shop.
      if (found.delivery.step !== 'created') throw new CourierApiError('sandbox', 400, 'already picked up');
      setState(found, 48);
    },
    // Its own airway bills, one A6 sheet per parcel, printed by Chromium so an Arabic name prints as written.
    async airwayBills(trackingNumbers) {
      const html = airwayBillsHtml(
        trackingNumbers.map((trackingNumber) => {
          const { request } = parcel(trackingNumber);
          const { receiver, dropOff } = request.address;
          return {
            company: 'Sandbox courier',
            trackingNumber,
            orderId: request.orderId,
            receiver: `${receiver.firstName} ${receiver.lastName}`,
            phone: receiver.phone,
            address: [dropOff.firstLine, dropOff.landmark, dropOff.district, dropOff.city].filter(Boolean).join(', '),
            cash: request.cashToCollect,
          };
        }),
      );
      try {
        return await printToPdf(html);
      } catch (error) {
        throw new CourierApiError('sandbox', 0, `airway bills could not be printed (${(error as Error).message})`);
      }
    },
    async track(trackingNumber) {
      return { ...parcel(trackingNumber).delivery };
    },
    async readWebhook(headers, readBody) {
      if (!hasWebhookSecret(headers, secret)) return 'bad-secret';
      return readWebhookPayload(await readBody());
    },
    trackingLink: (trackingNumber) => `/api/sandbox-courier/deliveries/${encodeURIComponent(trackingNumber)}`,
  };
}

function setState(parcel: SandboxParcel, code: number): void {
  parcel.delivery = inState(parcel.delivery, code);
}

/** A webhook sink: the shop's API, so the sandbox's notices take the route Bosta's take. */
export type PostWebhook = (body: unknown, headers: Record<string, string>) => Promise<Response>;

/**
 * Moves a sandbox parcel as the company would and posts one webhook per state it passes, in order. A parcel already
 * delivered, returned or cancelled is refused (409 from the drive route).
 */
export async function driveSandbox(
  world: object,
  trackingNumber: string,
  action: SandboxAction,
  post: PostWebhook,
  secret = SANDBOX_WEBHOOK_SECRET,
): Promise<CourierDelivery> {
  const parcels = parcelsOf(world);
  const found = parcels.get(trackingNumber);
  if (!found) throw new CourierApiError('sandbox', 404, `no delivery ${trackingNumber}`);
  if (CLOSED_STATES.includes(found.delivery.stateCode)) throw new CourierApiError('sandbox', 409, 'delivery is closed');
  for (const code of statesFor(action, found.delivery.stateCode)) {
    setState(found, code);
    await post(bostaNoticeBody(found.delivery), { [WEBHOOK_SECRET_HEADER]: secret, 'content-type': 'application/json' });
  }
  return { ...found.delivery };
}
