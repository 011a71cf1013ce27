import type { ShopDb } from '../../db/index.ts';

/** What changed in the catalog: products whose price or stock moved (orders, cancellations, an admin edit). */
export interface CatalogChange {
  productIds: number[];
}

/**
 * CONTRACT: called after a transaction that changed prices or stock has COMMITTED. Listings' in-stock filters, the
 * search index, product-page HTML and any render cache must follow within seconds on every app instance
 * (issues 11 item 7 and 14 item 3). The delivery mechanism (in-process on SQLite, PostgreSQL NOTIFY/LISTEN across
 * instances) is built by the publishing work (issue 14); until then this is a no-op.
 */
export async function announceCatalogChange(_db: ShopDb, _change: CatalogChange): Promise<void> {}
