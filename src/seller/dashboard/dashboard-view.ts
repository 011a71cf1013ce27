/** What the portal's dashboard shows (src/seller/dashboard/server/dashboard.ts reads it). */

/** One order with the seller's products in it, as the dashboard lists it (their lines only: the rest is not theirs). */
export interface SellerOrderSummary {
  orderId: number;
  placedAt: string;
  status: string;
  /** How many of the order's lines are the seller's, and what those lines come to (piastres). */
  lines: number;
  linesTotal: number;
}

export interface SellerDashboard {
  products: number;
  orders: number;
  recent: SellerOrderSummary[];
}

/** The money and work figures (src/seller/dashboard/server/dashboard-figures.ts reads them; amounts in piastres). */
export interface SellerDashboardFigures {
  month: string;
  sales: number;
  deliveredLines: number;
  partsToPrepare: { new: number; accepted: number };
  /** The ledger's pending and available balance. */
  balances: { pending: number; available: number };
}
