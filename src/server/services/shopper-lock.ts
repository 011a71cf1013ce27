import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Serialises writes to one shopper's cart or wishlist across requests and app instances: a no-op update takes
 * the shopper's row lock on PostgreSQL (and the write lock on SQLite), so two replaces or toggles never interleave.
 */
export async function lockShopper(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}
