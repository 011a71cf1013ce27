/** One shopper as the desk's customer page shows them (GET /api/admin/customers/:id), shared by server and island. */
export interface CustomerProfile {
  id: number;
  name: string;
  phone: string;
  email: string;
  joined: string;
  cod: { blocked: boolean; since: string | null; reason: string | null };
  orders: {
    id: number;
    createdAt: string;
    status: string;
    paymentMethod: string;
    paymentStatus: string;
    /** What the order cost: paid on delivery or online plus the wallet part (piastres). */
    total: number;
  }[];
  addresses: {
    id: number;
    title: string;
    governorate: string;
    city: string;
    area: string;
    street: string;
    details: string;
    primary: boolean;
  }[];
  wallet: {
    balance: number;
    entries: { id: number; amount: number; reason: string; orderId: number | null; note: string | null; createdAt: string }[];
  };
}
