import { sql, PostgresAdapter } from 'kysely';
import type { ShopDb } from '../../db/index.ts';
import { checkCatalogVersion } from './catalog-version.ts';
import { log } from '../../observability/logger.ts';

/** What changed in the catalog: products whose price or stock moved (orders, cancellations, an admin edit). */
export interface CatalogChange {
  productIds: number[];
}

/** The PostgreSQL channel every app instance LISTENs on (catalog-watch.ts). */
export const CATALOG_CHANNEL = 'catalog_changes';
/** Tells this process's own notifications apart from other instances'. */
export const INSTANCE_ID = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

export function isPostgres(db: ShopDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * CONTRACT: called after a transaction that changed prices or stock has COMMITTED. This instance moves to a new
 * catalog version at once (its search index is rebuilt, then its render cache starts over); on PostgreSQL a
 * NOTIFY tells every other instance to do the same. Changes made outside our code are caught by the periodic
 * version check (catalog-watch.ts). Never throws: the order is committed whatever happens here.
 */
export async function announceCatalogChange(db: ShopDb, change: CatalogChange): Promise<void> {
  // Not awaited: an order's answer must not wait for a search-index rebuild.
  void checkCatalogVersion(db, true, change.productIds);
  if (!isPostgres(db)) return;
  const payload = JSON.stringify({ from: INSTANCE_ID, productIds: change.productIds.slice(0, 500) });
  try {
    await sql`select pg_notify(${CATALOG_CHANNEL}, ${payload})`.execute(db);
  } catch (error) {
    log().error({ err: error }, 'catalog change notification failed; other instances catch up with their periodic check');
  }
}
