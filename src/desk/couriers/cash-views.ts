/**
 * What the couriers-and-cash API answers and its islands draw (issue 22): shared so the server's services and the
 * desk's islands name the same fields. Amounts are piastres.
 */
export interface Courier {
  id: number;
  name: string;
  /** E.164 (+201…). */
  phone: string;
  active: boolean;
}

export interface CourierCash {
  /** Cash of delivered orders not covered by a remittance, plus `shortfall`. */
  owed: number;
  /** What short remittances left owed (issue 33): part of `owed`, not of any order. */
  shortfall: number;
  owedOrders: number;
  /** Of those, the ones delivered more than REMITTANCE_DUE_DAYS ago. */
  overdueOrders: number;
  overdueAmount: number;
  /** Cash to collect on the orders the courier has now (WITH_COURIER). */
  carrying: number;
  carryingOrders: number;
}

export type CourierWithCash = Courier & { cash: CourierCash };

export interface UnremittedOrder {
  id: number;
  deliveredAt: string;
  /** Cash collected. */
  amount: number;
  overdue: boolean;
}

export interface Remittance {
  id: number;
  courierId: number;
  courierName: string;
  /** Piastres counted. */
  amount: number;
  /** The chosen orders' cash (issue 33: may differ from `amount`). */
  ordersTotal: number;
  /** Of a shortfall, the part finance wrote off, and why. */
  writtenOff: number;
  writeOffReason: string | null;
  /** ordersTotal − amount − writtenOff: positive, still owed by the courier; negative, paid back an earlier shortfall. */
  shortfall: number;
  note: string | null;
  createdAt: string;
  staff: { id: number; name: string };
  orders: { id: number; amount: number }[];
}

/** GET /api/admin/couriers/:id/cash */
export interface CourierCashView {
  courier: Courier;
  cash: CourierCash;
  orders: UnremittedOrder[];
}
