import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * A product hidden in the desk (issue 23): 1 keeps it out of the shop (listings, search, its page, the sitemap, new
 * orders) without deleting it or its history; 0, the default, shows it.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
