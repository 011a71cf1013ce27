import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * WhatsApp's webhook answers at once and queues its work (issue 37, decision 022): each verified event is kept as it
 * came in `webhook_events`, under its provider id (a message id, or a status's message id and status), so a replay
 * is refused at the door; the message-outbox job (and a kick right after the answer) takes the pending ones, with a
 * claim that runs out if the process dies mid-way. `phone` and `received_at` of the shopper's own WhatsApp messages
 * also tell when the 24-hour customer-service window is open.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', idType, id)
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    /** message | status */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('webhook_events_pending').on('webhook_events').columns(['processed_at', 'id']).execute();
  await db.schema.createIndex('webhook_events_phone').on('webhook_events').columns(['phone', 'received_at']).execute();
}
