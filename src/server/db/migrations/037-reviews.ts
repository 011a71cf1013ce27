import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-context.ts';

/**
 * Ratings and reviews from verified buyers (issue 52, decision 036): one row per shopper and product (the unique
 * index is the claim: twenty submissions at once leave one row), tied to the delivered order line that let the shopper
 * rate. `status` approved rows alone make `products.rating` / `ratings_count`, kept in the same transaction as every
 * change (src/server/services/reviews/summary.ts). The seller's one public reply lives on the row, moderated the same
 * way. Helpful votes and reports are one per shopper and review (unique indexes); the desk's words send texts that
 * contain them to the top of the queue.
 */
export async function up(db: Kysely<unknown>, { idType, id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', idType, id)
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('order_line_id', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('body', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    // pending | approved | rejected (src/lib/reviews/review-views.ts)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    // The desk word that matched the text, shown in the queue (null: none matched).
    .addColumn('flagged_word', 'text')
    .addColumn('reports', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('helpful', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('reply_body', 'text')
    // null (no reply) | pending | approved | rejected
    .addColumn('reply_status', 'text')
    .addColumn('reply_reason', 'text')
    .addColumn('reply_by', 'integer')
    .addColumn('reply_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_product_user_uq').on('reviews').columns(['product_id', 'user_id']).unique().execute();
  // The product page's list (newest or most helpful first) and the summary's recomputation walk these.
  await db.schema.createIndex('reviews_product_status_idx').on('reviews').columns(['product_id', 'status', 'id']).execute();
  await db.schema
    .createIndex('reviews_product_helpful_idx')
    .on('reviews')
    .columns(['product_id', 'status', 'helpful', 'id'])
    .execute();
  // The desk's queue: pending texts and replies.
  await db.schema.createIndex('reviews_status_idx').on('reviews').columns(['status', 'id']).execute();
  await db.schema.createIndex('reviews_reply_status_idx').on('reviews').columns(['reply_status', 'id']).execute();
  await db.schema.createIndex('reviews_user_idx').on('reviews').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('review_votes')
    .addColumn('review_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_votes_pk', ['review_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('review_reports')
    .addColumn('review_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_reports_pk', ['review_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('review_words')
    .addColumn('id', idType, id)
    .addColumn('word', 'text', (c) => c.notNull())
    // The word through the shop's Arabic normaliser (src/lib/search/normalize.ts), unique.
    .addColumn('folded', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
