import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The editors' desk (issue 24, decision 019). Content written in the browser lives here, beside the repository's
 * Markdown files, and reaches the site through the content loader at the next publish:
 * - content_entries: one per collection and slug, with the working copy the editor's desk saves as they type;
 * - content_revisions: an approved copy, live from `publish_at` (scheduled) until withdrawn by a rollback; never edited;
 * - content_releases: every publish, with the revisions it built (`snapshot_json`), its build and its outcome.
 *   `running` is 1 while a publish builds and null afterwards: its unique index lets one publish run at a time,
 *   whichever app instance starts it.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('content_entries')
    .addColumn('id', idType, id)
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('draft_json', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_entries_slug_idx')
    .on('content_entries')
    .columns(['collection', 'slug'])
    .unique()
    .execute();
  await db.schema
    .createTable('content_revisions')
    .addColumn('id', idType, id)
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema.createIndex('content_revisions_entry_idx').on('content_revisions').columns(['entry_id', 'id']).execute();
  await db.schema
    .createTable('content_releases')
    .addColumn('id', idType, id)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('running', 'integer')
    .addColumn('snapshot_json', 'text', (c) => c.notNull())
    .addColumn('build_id', 'text')
    .addColumn('stage', 'text')
    .addColumn('message', 'text')
    .addColumn('started_by', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('content_releases_running_idx').on('content_releases').column('running').unique().execute();
}
