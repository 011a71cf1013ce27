import type { VerifiedCallback } from '#server/payments/gateway.ts';

export const MISMATCH_KINDS = ['paid_there', 'refunded_there', 'amount_differs', 'not_paid_there'] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

/** Our side of one payment: its status, amount and what finance has paid back through the provider (piastres). */
export interface OurPayment {
  status: string;
  amount: number;
  refunded: number;
}

export interface Mismatch {
  kind: MismatchKind;
  theirAmount: number | null;
  theirRefunded: number | null;
  theirStatus: string;
}

/** Our statuses in which the provider took the money (refund_due and refunded: taken, then owed or given back). */
const TAKEN_HERE = ['paid', 'refund_due', 'refunded'];

/**
 * What differs between the provider's answer about a payment and ours (issue 39's daily report): paid there but not
 * here, given back there but not here, another amount, or paid here but not there. A provider that names a refund
 * without its amount (`'some'`, Fawry's PARTIAL_REFUNDED) differs only when we gave nothing back.
 */
export function comparePayment(ours: OurPayment, theirs: VerifiedCallback): Mismatch[] {
  const refunded = theirs.refunded;
  // A refunded or voided transaction was paid first, whatever its flags make of it as an outcome.
  const paidThere = theirs.outcome === 'paid' || refunded !== undefined;
  const paidHere = TAKEN_HERE.includes(ours.status);
  const theirAmount = Number.isFinite(theirs.amount) ? theirs.amount : null;
  const base = { theirAmount, theirRefunded: typeof refunded === 'number' ? refunded : null, theirStatus: theirs.outcome };
  const found: Mismatch[] = [];
  if (paidThere && theirAmount !== null && theirAmount !== ours.amount) found.push({ kind: 'amount_differs', ...base });
  else if (paidThere && !paidHere) found.push({ kind: 'paid_there', ...base });
  // Not paid there, or not yet as far as the provider knows: either way the shop counts money the provider does not.
  if (!paidThere && paidHere) found.push({ kind: 'not_paid_there', ...base });
  const givenBackThere = refunded === 'some' ? ours.refunded === 0 : (refunded ?? 0) > ours.refunded;
  if (givenBackThere) found.push({ kind: 'refunded_there', ...base });
  return found;
}
