import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/** Contact messages and partner applications with their uploaded files (spec sections 1, 3 and 5). */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', idType, id)
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('partner_applications')
    .addColumn('id', idType, id)
    .addColumn('brand_name', 'text', (c) => c.notNull())
    .addColumn('company_description', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('received'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('partner_application_files')
    .addColumn('id', idType, id)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('partner_applications.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_application_files_application_idx')
    .on('partner_application_files')
    .column('application_id')
    .execute();
}
