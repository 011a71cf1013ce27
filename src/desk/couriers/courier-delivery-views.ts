import type { CourierStep } from '#lib/couriers/courier-steps.ts';
import type { HandoverField } from '#lib/couriers/handover-address.ts';

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

/** One line of a company's settlement file, as the dry run reads it (line 2 is the first after the header). */
export type SettlementLine =
  | {
      line: number;
      trackingNumber: string;
      orderId: number;
      result: 'matches' | 'short' | 'over';
      expected: number;
      collected: number;
      fee: number;
    }
  | { line: number; trackingNumber: string; result: 'unknown' | 'duplicate' | 'badAmount' | 'notDelivered' };

export interface SettlementReport {
  lines: SettlementLine[];
  /** A line the file cannot be applied with (unknown tracking number, duplicate, unreadable amount, not delivered). */
  refused: number;
  /** Lines whose amount differs from the order's cash: applied, and flagged on the order. */
  differences: number;
  applied: boolean;
  /** The file itself cannot be read: its columns are missing, or it has no lines. */
  fileProblem?: 'missingColumns' | 'empty' | undefined;
}

/** A delivered cash-on-delivery order of a company: the cash expected, what the company says it collected, its fee. */
export interface ReconciledOrder {
  orderId: number;
  trackingNumber: string;
  expected: number;
  collected: number | null;
  fee: number | null;
  /** What the order brought in: collected less the company's fee (null until settled). */
  net: number | null;
  remitted: boolean;
  flag: 'matches' | 'short' | 'over' | 'missing';
}

/** One line of a courier's daily manifest (a company without an API: what the courier takes away that day). */
export interface ManifestLine {
  orderId: number;
  receiver: string;
  phone: string;
  street: string;
  area: string;
  city: string;
  governorate: { en: string; ar: string };
  cashToCollect: number;
}
