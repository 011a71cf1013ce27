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
  /** Cash of delivered orders not covered by a remittance. */
  owed: number;
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
  amount: number;
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
