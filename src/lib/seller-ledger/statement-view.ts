import type { LedgerKind, PayoutMethod } from './accounts.ts';

/** What the desk and the seller portal read about a seller's money (declared once, for islands and services). */
export interface SellerBalances {
  sellerId: number;
  /** Within the return window. */
  pending: number;
  /** Payable now (below zero: a debt). */
  available: number;
  payoutsSuspended: boolean;
}

/** One payout to a seller, as the desk and the seller's payouts page list it. */
export interface PayoutView {
  id: number;
  sellerId: number;
  amount: number;
  method: PayoutMethod;
  reference: string;
  staffId: number | null;
  createdAt: string;
}

export interface StatementLine {
  entryId: number;
  at: string;
  kind: LedgerKind;
  orderId: number | null;
  memo: string | null;
  account: 'pending' | 'available';
  /** Credit minus debit: what the line adds to what the seller is owed. */
  amount: number;
  /** Pending + available after this line. */
  balance: number;
}

export interface StatementTotals {
  pending: number;
  available: number;
  total: number;
}

export interface SellerStatement {
  sellerId: number;
  /** Cairo days, inclusive. */
  from: string;
  to: string;
  opening: StatementTotals;
  /** The balance before this page's first line (= opening on the first page). */
  broughtForward: number;
  lines: StatementLine[];
  /** The balance after this page's last line. */
  carriedForward: number;
  closing: StatementTotals;
  /** The cursor of the next page, or null on the last. */
  next: string | null;
  lineCount: number;
}

export const totals = (sums: { pending: number; available: number }): StatementTotals => ({
  ...sums,
  total: sums.pending + sums.available,
});
