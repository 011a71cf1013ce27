import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Alt text for product photos in both languages (issue 23): a JSON array `[{ "en": …, "ar": … }]` beside `images`, one
 * entry per photo in the same order; null for products made before the desk (their photos are described by the name).
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('products').addColumn('image_alts', 'text').execute();
}
