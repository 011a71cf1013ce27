import { sql, PostgresAdapter } from 'kysely';
import type { ShopDb } from '../../db/index.ts';
import { checkCatalogVersion } from './catalog-version.ts';
import { log } from '../../observability/logger.ts';

/** What changed in the catalog: products whose price or stock moved (orders, cancellations, an admin edit). */
export interface CatalogChange {
  productIds: number[];
  /**
   * A staff action (a seller suspended or approved, a product edited, a category renamed): shown at once, without
   * waiting for CATALOG_COALESCE_MS, which is for bursts of orders and cancels.
   */
  urgent?: boolean;
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
  const moved = checkCatalogVersion(db, true, change.productIds, change.urgent ?? false);
  if (isPostgres(db)) {
    const payload = JSON.stringify({ from: INSTANCE_ID, productIds: change.productIds.slice(0, 500) });
    try {
      await sql`select pg_notify(${CATALOG_CHANNEL}, ${payload})`.execute(db);
    } catch (error) {
      log().error({ err: error }, 'catalog change notification failed; other instances catch up with their periodic check');
    }
  }
  // A staff action is answered once this instance shows it: the operator who suspends a seller or changes a price
  // and then opens the page sees the change, not the page cached before it (a journey under load did). An order's
  // answer does not wait: the search index's update is not the shopper's to wait for. (checkCatalogVersion never
  // rejects: its failures are logged.)
  if (change.urgent) await moved;
}
