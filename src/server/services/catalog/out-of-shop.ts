import type { ShopDb } from '../../db/index.ts';
import { catalogVersion } from './catalog-version.ts';

/**
 * What the desk took out of the shop (issue 23): suspended sellers and hidden products, read once per catalog version
 * (each change announces a new one), so the shopper's reads leave them out. Short lists, so a `not in` keeps every
 * listing on its index.
 */
interface OutOfShop {
  sellers: number[];
  products: number[];
}
const kept = new WeakMap<ShopDb, { version: string; out: Promise<OutOfShop> }>();

/** This instance forgets the lists at once after its own change (others move on with the new catalog version). */
export function forgetOutOfShop(db: ShopDb): void {
  kept.delete(db);
}

function outOfShop(db: ShopDb): Promise<OutOfShop> {
  const version = catalogVersion();
  const hit = kept.get(db);
  if (hit?.version === version) return hit.out;
  const out = Promise.all([
    db.selectFrom('sellers').select('id').where('status', '=', 'suspended').orderBy('id').execute(),
    db.selectFrom('products').select('id').where('hidden', '=', 1).orderBy('id').execute(),
  ]).then(([sellers, products]) => ({ sellers: sellers.map((r) => r.id), products: products.map((r) => r.id) }));
  kept.set(db, { version, out });
  return out;
}

export const suspendedSellerIds = async (db: ShopDb): Promise<number[]> => (await outOfShop(db)).sellers;
export const hiddenProductIds = async (db: ShopDb): Promise<number[]> => (await outOfShop(db)).products;
