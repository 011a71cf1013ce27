import type { OrderStatus } from '#lib/orders/order-status.ts';
import type { PartStatus } from '#lib/orders/part-status.ts';

/** What the seller's order pages draw (src/seller/orders/server/part-queries.ts loads it). */
export interface PartRow {
  id: number;
  orderId: number;
  status: PartStatus;
  orderStatus: OrderStatus;
  createdAt: string;
  lines: number;
  amount: number;
}

export interface PartLine {
  id: number;
  productId: number;
  name: { en: string; ar: string };
  image: string | null;
  unitPrice: number;
  quantity: number;
  total: number;
  cancelled: boolean;
}

export interface PartDetail extends PartRow {
  governorate: { en: string; ar: string };
  city: string;
  paymentMethod: string;
  items: PartLine[];
}

export interface PartList {
  items: PartRow[];
  total: number;
  page: number;
  pageSize: number;
  counts: Partial<Record<PartStatus, number>>;
}
