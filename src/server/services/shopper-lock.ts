import type { ShopDb } from '../db/index.ts';

/**
 * Serialises one shopper's writes (cart, wishlist, money) across requests and app instances: inside a transaction,
 * a no-op update takes the shopper's row lock on PostgreSQL (and the write lock on SQLite), so two cart replaces or
 * two orders spending the same wallet balance never interleave. Takes the transaction (a Kysely handle like any).
 */
export async function lockShopper(trx: ShopDb, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}
