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
 * delivery (type 10). Codes not listed here ask a person to look: 100 lost, 101 damaged, 102 investigation, 103
 * awaiting the business's action, 105 on hold, and 60 (a code Bosta's guides give other meanings by order type: its
 * international table calls it delivered) — none of them moves the order by itself.
 * Source: https://docs.bosta.co/docs/how-to/get-delivery-status-via-webhook (the state is "a code representing the
 * current state of the order"); the domestic codes as Bosta's dashboard names them.
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

/** The way a parcel goes to the shopper, in order: what the shopper's order page lists. */
const FORWARD_PATH: readonly CourierStep[] = ['created', 'picked_up', 'out_for_delivery', 'delivered'];

export interface PathStep {
  step: CourierStep;
  /** Passed, where the parcel is now, or still ahead. */
  state: 'done' | 'current' | 'next';
}

/**
 * The courier's steps as the shopper follows them: the forward path with the parcel's place on it. A step off the
 * path (a failed attempt, back at the shop, cancelled, being looked into) is shown where it happened — after the
 * steps the parcel passed — and nothing after it.
 */
export function courierPath(step: CourierStep): PathStep[] {
  const at = FORWARD_PATH.indexOf(step);
  if (at >= 0) return FORWARD_PATH.map((s, i) => ({ step: s, state: i < at ? 'done' : i === at ? 'current' : 'next' }));
  const passed: Record<string, number> = { failed_attempt: 3, returned: 3, cancelled: 1, attention: 2 };
  return [
    ...FORWARD_PATH.slice(0, passed[step] ?? 1).map((s): PathStep => ({ step: s, state: 'done' })),
    { step, state: 'current' },
  ];
}
