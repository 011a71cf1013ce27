import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Sellers suspended in the desk (issue 23): `active` or `suspended`. A suspended seller's page and products leave the
 * shop (listings, search, product pages, the sitemap, new orders) until it is reinstated; nothing is deleted.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('sellers')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
}
