import type { OrderStatus } from '../orders/order-status.ts';

/**
 * Where a parcel is at the courier company, in the shop's words (issue 38). Each company's own states are read into
 * these steps by its adapter (Bosta: `bostaStep`); the order moves from the step, never from a company's raw code.
 */
export const COURIER_STEPS = [
  /** The company has the delivery but not the parcel yet (pickup requested, route assigned). */
  'created',
  /** The company took the parcel from the shop (in its hands, at its hubs). */
  'picked_up',
  'out_for_delivery',
  'delivered',
  /** A delivery attempt failed (the company will try again or send it back). */
  'failed_attempt',
  /** Back at the shop. */
  'returned',
  /** Cancelled before the company took the parcel. */
  'cancelled',
  /** A state that asks a person to look (lost, damaged, on hold): the order does not move. */
  'attention',
] as const;
export type CourierStep = (typeof COURIER_STEPS)[number];

/**
 * Bosta's delivery states (its v2 API's `state.code`; webhooks send the bare number) read as steps, for a forward
 * delivery (type 10). Codes not listed here ask a person to look.
 */
const BOSTA_STEPS: Record<number, CourierStep> = {
  10: 'created', // pickup requested
  11: 'created', // waiting for route
  20: 'created', // route assigned
  21: 'picked_up', // picked up from business
  24: 'picked_up', // received at warehouse
  30: 'picked_up', // in transit between hubs
  40: 'picked_up', // picking up (a return) / dispatched
  41: 'out_for_delivery', // picked up by the delivering star
  45: 'delivered',
  46: 'returned', // returned to business
  47: 'failed_attempt', // exception: the attempt failed
  48: 'cancelled', // terminated
  49: 'cancelled', // cancelled (uncovered zone)
  60: 'returned', // returned to stock
};

export const bostaStep = (code: number): CourierStep => BOSTA_STEPS[code] ?? 'attention';

/** The steps after which nothing more happens to the delivery. */
export const FINAL_STEPS: readonly CourierStep[] = ['delivered', 'returned', 'cancelled'];

/**
 * The order's status a courier step asks for, given where the order is now, or null when it asks for nothing: never
 * backwards (a delivered or cancelled order stays), and a parcel the company has not taken yet leaves the order where
 * it is. A failed attempt is handled by the desk's failed-delivery rule (`failedAttempt`), not by a status here.
 */
export function orderStatusFor(step: CourierStep, now: OrderStatus): OrderStatus | null {
  if (now === 'DELIVERED' || now === 'CANCELED') return null;
  switch (step) {
    case 'picked_up':
    case 'out_for_delivery':
      return now === 'READY_TO_SHIP' ? 'WITH_COURIER' : null;
    case 'delivered':
      return now === 'WITH_COURIER' || now === 'READY_TO_SHIP' ? 'DELIVERED' : null;
    case 'returned':
      return now === 'WITH_COURIER' || now === 'READY_TO_SHIP' ? 'CANCELED' : null;
    default:
      return null;
  }
}
