/** The daily reconciliation report as the desk page draws it (no server types: the island reads this). */
export interface ReconciliationRunView {
  provider: string;
  checked: number;
  mismatches: number;
  unreachable: number;
  ranAt: string;
}

export interface MismatchView {
  id: number;
  provider: string;
  orderId: number;
  tranRef: string;
  /** paid_there | refunded_there | amount_differs | not_paid_there */
  kind: string;
  theirAmount: number | null;
  ourAmount: number | null;
  theirRefunded: number | null;
  ourRefunded: number | null;
  theirStatus: string;
  ourStatus: string;
}

export interface ReconciliationView {
  /** The Cairo day, YYYY-MM-DD. */
  day: string;
  runs: ReconciliationRunView[];
  mismatches: MismatchView[];
}
