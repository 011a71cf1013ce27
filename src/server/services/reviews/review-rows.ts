import type { ShopDb } from '../../db/index.ts';
import type { DeskReview, ReviewStatus } from '#lib/reviews/review-views.ts';
import { authorName } from './public-reviews.ts';
import { photosOf } from './review-photos.ts';

/**
 * Reviews as the desk's queue and the seller portal's list read them (issue 52): the product, the author's short
 * name, the text, the reports with their reasons, the reply. `where` narrows the query (a queue, a seller).
 */
export function reviewRowsQuery(db: ShopDb) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.rating',
      'r.title',
      'r.body',
      'r.status',
      'r.reason',
      'r.flagged_word',
      'r.reports',
      'r.created_at',
      'r.reply_body',
      'r.reply_status',
      'r.reply_reason',
      'r.photos',
      'p.id as product_id',
      'p.name_en',
      'p.name_ar',
      'p.seller_id',
      'u.first_name',
      'u.last_name',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof reviewRowsQuery>['execute']>>[number];

/** The rows in the islands' shape, with the reasons shoppers gave when they reported them. */
export async function deskReviews(db: ShopDb, rows: Row[]): Promise<DeskReview[]> {
  const ids = rows.filter((r) => r.reports > 0).map((r) => r.id);
  const reports = ids.length
    ? await db.selectFrom('review_reports').select(['review_id', 'reason']).where('review_id', 'in', ids).execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    product: { id: r.product_id, name_en: r.name_en, name_ar: r.name_ar, seller_id: r.seller_id },
    author: authorName(r.first_name, r.last_name),
    rating: r.rating,
    title: r.title,
    body: r.body,
    status: r.status as ReviewStatus,
    reason: r.reason,
    flagged_word: r.flagged_word,
    reports: r.reports,
    report_reasons: reports.filter((x) => x.review_id === r.id).map((x) => x.reason),
    photos: photosOf(r.photos),
    created_at: r.created_at,
    reply: r.reply_body
      ? { body: r.reply_body, status: (r.reply_status ?? 'pending') as ReviewStatus, reason: r.reply_reason }
      : null,
  }));
}
