import { bostaStep } from '#lib/couriers/courier-steps.ts';
import { toPounds } from '#lib/money.ts';
import type { CourierDelivery } from './courier-company.ts';

/**
 * How a sandbox parcel moves, in Bosta's state codes, and the notice each state it passes sends: shared by the
 * built-in sandbox courier (sandbox-courier.ts, one process) and the cluster's courier stand-in
 * (scripts/cluster/courier-company.mjs, Bosta's API on a port of its own), so both behave as the one company.
 */
export const SANDBOX_ACTIONS = ['advance', 'deliver', 'fail', 'return'] as const;
export type SandboxAction = (typeof SANDBOX_ACTIONS)[number];

/** Delivered, returned, cancelled: a parcel in one of these states moves no more. */
export const CLOSED_STATES: readonly number[] = [45, 46, 48, 49];

/** The states a parcel passes for an action, from where it is (Bosta's codes). */
export function statesFor(action: SandboxAction, code: number): number[] {
  const picked = code === 10 ? [21] : [];
  switch (action) {
    case 'advance':
      return code === 10 ? [21] : code === 21 || code === 47 ? [41] : code === 41 ? [45] : [];
    case 'deliver':
      return code === 41 ? [45] : [...picked, 41, 45];
    case 'fail':
      return code === 41 ? [47] : [...picked, 41, 47];
    case 'return':
      return [46];
  }
}

/** The delivery in its next state: a failed attempt (47) counts one more attempt. */
export function inState(delivery: CourierDelivery, code: number): CourierDelivery {
  return { ...delivery, stateCode: code, step: bostaStep(code), attempts: delivery.attempts + (code === 47 ? 1 : 0) };
}

/** Bosta's webhook body for a forward delivery (type SEND) in its current state, as its documents describe it. */
export function bostaNoticeBody(delivery: CourierDelivery) {
  return {
    _id: delivery.providerId,
    trackingNumber: delivery.trackingNumber,
    state: delivery.stateCode,
    type: 'SEND',
    cod: toPounds(delivery.cod),
    businessReference: delivery.businessReference,
    numberOfAttempts: delivery.attempts,
    timeStamp: Date.now(),
  };
}
