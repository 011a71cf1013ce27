import type { ShopDb } from '../../db/index.ts';
import { Problem } from '../../problem.ts';

/**
 * Takes the units out of stock with one conditional UPDATE per product (`stock >= q`): the database, not a read made
 * earlier, decides, so concurrent buyers can never oversell. Products are locked in id order so two orders sharing
 * products cannot deadlock on PostgreSQL.
 */
export async function decrementStock(trx: ShopDb, lines: readonly { product_id: number; quantity: number }[]): Promise<void> {
  const short: number[] = [];
  for (const { product_id, quantity } of [...lines].sort((a, b) => a.product_id - b.product_id)) {
    const result = await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('id', '=', product_id)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) short.push(product_id);
  }
  if (short.length) throw new Problem(409, 'orders.outOfStock', { detail: { products: short } });
}

/** Puts a cancelled order's units back (same id order as decrementStock). */
export async function restoreStock(trx: ShopDb, lines: readonly { product_id: number; quantity: number }[]): Promise<void> {
  for (const { product_id, quantity } of [...lines].sort((a, b) => a.product_id - b.product_id)) {
    await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', product_id)
      .execute();
  }
}
