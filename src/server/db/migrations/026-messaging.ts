import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Order messages by WhatsApp and SMS (issue 37, decision 022):
 * - `message_consents`: one row per phone, the opt-in given at checkout (its wording's version, when, by whom) and,
 *   once the shopper replied STOP, when it was withdrawn. No business-initiated message goes to a phone without one.
 * - `order_messages`: the durable outbox. A row is written in the transaction of the order change that causes it; the
 *   sender claims due rows, delivers them with retries and back-off, and follows their delivery statuses. At most
 *   one row per (order, kind, channel): the WhatsApp message and, when it fails, its SMS fallback.
 * - `message_inbox`: every webhook event taken in, keyed by the provider's id (a message id, or a status's message id
 *   and status), so a replayed delivery does nothing twice.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('message_consents')
    .addColumn('id', idType, id)
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('wording_version', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createTable('order_messages')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('template', 'text')
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('provider', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('error', 'text')
    .addColumn('reply', 'text')
    .addColumn('reply_text', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_messages_once_idx')
    .on('order_messages')
    .columns(['order_id', 'kind', 'channel'])
    .unique()
    .execute();
  await db.schema.createIndex('order_messages_due_idx').on('order_messages').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('order_messages_provider_idx').on('order_messages').column('provider_message_id').execute();
  await db.schema.createIndex('order_messages_phone_idx').on('order_messages').columns(['phone', 'created_at']).execute();
  await db.schema
    .createTable('message_inbox')
    .addColumn('id', idType, id)
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
