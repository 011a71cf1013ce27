import type { ShopDb } from '../../db/index.ts';
import { Problem } from '../../problem.ts';
import { recordStockMovements, type StockChange } from '../catalog/stock-movements.ts';

type Line = { product_id: number; quantity: number };
const inIdOrder = (lines: readonly Line[]) => [...lines].sort((a, b) => a.product_id - b.product_id);

/**
 * Takes the units out of stock with one conditional UPDATE per product (`stock >= q`): the database, not a read made
 * earlier, decides, so concurrent buyers can never oversell. Products are locked in id order so two orders sharing
 * products cannot deadlock on PostgreSQL. Returns each change with the stock after it, for the order's movements
 * (recorded by the caller once the order has its number).
 */
export async function decrementStock(trx: ShopDb, lines: readonly Line[]): Promise<StockChange[]> {
  const short: number[] = [];
  const taken: StockChange[] = [];
  for (const { product_id, quantity } of inIdOrder(lines)) {
    const row = await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('id', '=', product_id)
      .where('stock', '>=', quantity)
      .returning('stock')
      .executeTakeFirst();
    if (row) taken.push({ product_id, delta: -quantity, stock_after: row.stock });
    else short.push(product_id);
  }
  if (short.length) throw new Problem(409, 'orders.outOfStock', { detail: { products: short } });
  return taken;
}

/**
 * Puts a cancelled or returned order's units back (same id order as decrementStock), each a movement of the order's:
 * `return` when it came back from the courier, `cancel` otherwise.
 */
export async function restoreStock(
  trx: ShopDb,
  lines: readonly Line[],
  why: { orderId: number; reason: 'cancel' | 'return'; actor: string },
): Promise<void> {
  const restored: StockChange[] = [];
  for (const { product_id, quantity } of inIdOrder(lines)) {
    const row = await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', product_id)
      .returning('stock')
      .executeTakeFirst();
    if (row) restored.push({ product_id, delta: quantity, stock_after: row.stock });
  }
  await recordStockMovements(trx, restored, why);
}
