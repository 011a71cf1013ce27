import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Web Push subscriptions (issue 41, decision 029): one row per browser a shopper turned order notifications on in.
 * The endpoint (the push service's address for that browser) is the device's identity, so it is unique: a browser
 * that subscribes again, or passes to another account, replaces its row. `p256dh` and `auth` are the browser's keys
 * the message is encrypted to (RFC 8291). A row is deleted when the push service answers 404 or 410 (the browser
 * unsubscribed or the subscription expired), or when the shopper turns notifications off.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
}
