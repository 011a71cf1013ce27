import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Issue 19. Rate limits as one counter row per (bucket, subject), taken with a single atomic upsert, so a burst of
 * concurrent requests cannot read the same count (they replace the failure log that was read before the slow hash
 * and written after it). Refunds: money that came in for an order that will not keep it, one row per amount owed,
 * to the card through the provider or to the shopper's wallet (docs/orders.md).
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'subject'])
    .execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema
    .createTable('refunds')
    .addColumn('id', idType, id)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    // The payment the money came with (null for a wallet amount given back).
    .addColumn('payment_id', 'integer')
    .addColumn('amount', 'integer', (c) => c.notNull())
    // card | wallet
    .addColumn('destination', 'text', (c) => c.notNull())
    // owed | paid
    .addColumn('status', 'text', (c) => c.notNull())
    // cancelled (the order ended after money came in) | late_payment | extra_payment
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_status_idx').on('refunds').columns(['status', 'created_at']).execute();
  // One refund per payment: a second cancel or a repeated flag cannot owe the same money twice.
  await db.schema.createIndex('refunds_payment_uq').on('refunds').column('payment_id').unique().execute();
}
