import type { ShopDb } from '../../db/index.ts';
import { catalogVersion } from './catalog-version.ts';

/**
 * The sellers suspended in the desk (issue 23), read once per catalog version (a suspension announces a new one): the
 * shopper's reads leave out their products. A handful of ids, so a `not in` list keeps every listing on its index.
 */
const kept = new WeakMap<ShopDb, { version: string; ids: Promise<number[]> }>();

/** This instance forgets the list at once after its own change (others move on with the new catalog version). */
export function forgetSuspendedSellers(db: ShopDb): void {
  kept.delete(db);
}

export function suspendedSellerIds(db: ShopDb): Promise<number[]> {
  const version = catalogVersion();
  const hit = kept.get(db);
  if (hit?.version === version) return hit.ids;
  const ids = db
    .selectFrom('sellers')
    .select('id')
    .where('status', '=', 'suspended')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.id));
  kept.set(db, { version, ids });
  return ids;
}
