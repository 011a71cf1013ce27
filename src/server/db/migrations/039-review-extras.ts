import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * The rest of issue 52 (decision 036): the rating request a few days after delivery, and photos in reviews.
 * - `rating_requests`: one row per order asked about (or found with nothing to rate), written in the transaction that
 *   queues its messages; the primary key is the claim, so several instances and runs ask once.
 * - `orders_delivered_idx`: the job reads the orders delivered in a window of days.
 * - `reviews.photos`: up to three photos of a review (JSON: `[{ url, width, height }]`, the image pipeline's 640 px
 *   WebP), moderated with the text.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('rating_requests')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    // claimed (inside the transaction) | asked | nothing_to_rate
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_delivered_idx').on('orders').columns(['delivered_at']).execute();
  await db.schema.alterTable('reviews').addColumn('photos', 'text').execute();
}
