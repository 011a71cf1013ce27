/** What the desk's product pages read (issue 23): the service returns these, the islands are typed with them. */
export interface GridProduct {
  id: number;
  sku: string;
  name: string;
  /** Piastres. */
  price: number;
  before_discount: number | null;
  stock: number;
}

export interface ProductGridPage {
  rows: GridProduct[];
  q: string;
  page: number;
  /** Whether a next page exists (counted by reading one row more, never the whole catalog). */
  more: boolean;
}

export interface StockMovementView {
  id: number;
  delta: number;
  stock_after: number;
  reason: 'order' | 'cancel' | 'return' | 'manual' | 'import';
  order_id: number | null;
  /** Who: a staff member's name, or what moved it (shopper, payment, system). */
  actor: string;
  note: string | null;
  at: string;
}
