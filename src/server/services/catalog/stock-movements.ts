import type { ShopDb } from '../../db/index.ts';
import { nowIso } from '../../db/values.ts';

/** Why a product's stock changed (migration 019): every writer of `products.stock` records one of these. */
export type StockReason = 'order' | 'cancel' | 'return' | 'manual' | 'import';

export interface StockChange {
  product_id: number;
  delta: number;
  stock_after: number;
}

/** Appends the movements of one change (an order, a cancellation, an edit, an import) in the caller's transaction. */
export async function recordStockMovements(
  trx: ShopDb,
  changes: readonly StockChange[],
  why: { reason: StockReason; actor: string; orderId?: number | null; note?: string | null },
): Promise<void> {
  const moved = changes.filter((c) => c.delta !== 0);
  if (!moved.length) return;
  const created_at = nowIso();
  // In slices: an import of 10,000 rows would pass SQLite's limit of bound variables in one statement.
  for (let i = 0; i < moved.length; i += 500) {
    await trx
      .insertInto('stock_movements')
      .values(
        moved.slice(i, i + 500).map((c) => ({
          ...c,
          reason: why.reason,
          actor: why.actor,
          order_id: why.orderId ?? null,
          note: why.note ?? null,
          created_at,
        })),
      )
      .execute();
  }
}
