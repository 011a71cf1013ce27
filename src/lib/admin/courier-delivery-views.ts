import type { CourierStep } from '../couriers/courier-steps.ts';
import type { HandoverField } from '../couriers/handover-address.ts';

/** What happened to one order of a hand-over (issue 38). */
export type HandoverOutcome =
  | { orderId: number; outcome: 'created' | 'existing'; trackingNumber: string; trackingLink: string }
  /** Another request is asking the company for this order right now. */
  | { orderId: number; outcome: 'pending' }
  | { orderId: number; outcome: 'missing'; missing: HandoverField[] }
  | { orderId: number; outcome: 'notReady'; status: string }
  | { orderId: number; outcome: 'failed'; message: string };

/** An order on the hand-over desk: ready to ship or with a company, and its delivery if it has one. */
export interface HandoverRow {
  orderId: number;
  status: string;
  receiver: string;
  phone: string;
  governorate: { en: string; ar: string };
  area: string;
  cashToCollect: number;
  /** Fields the courier needs that the order lacks (empty: it can be handed over). */
  missing: HandoverField[];
  delivery: {
    company: string;
    trackingNumber: string | null;
    trackingLink: string | null;
    step: CourierStep;
    attempts: number;
  } | null;
}
