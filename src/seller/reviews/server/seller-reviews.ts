import type { ShopDb } from '#server/db/index.ts';
import { nowIso } from '#server/db/values.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { SellerAuditActor } from '#core/audit/server/audit.ts';
import type { DeskReview } from '#lib/reviews/review-views.ts';
import { deskReviews, reviewRowsQuery } from '#server/services/reviews/review-rows.ts';

/**
 * A seller's view of its products' reviews (issue 52, docs/sellers.md "Reviews"): the approved ones only (a review
 * waiting or rejected is the author's and the desk's), newest first, each with the seller's reply and its state.
 * Scoped by the session's seller: another seller's reviews are never in the answer.
 */
export async function sellerReviews(db: ShopDb, sellerId: number): Promise<DeskReview[]> {
  const rows = await reviewRowsQuery(db)
    .where('p.seller_id', '=', sellerId)
    .where('r.status', '=', 'approved')
    .orderBy('r.id', 'desc')
    .limit(200)
    .execute();
  // The reports are the desk's business, not the seller's.
  return (await deskReviews(db, rows)).map((r) => ({ ...r, reports: 0, report_reasons: [] }));
}

/**
 * The seller's one public reply to an approved review of its own product: waits for the desk like a review. A
 * rejected reply may be written again; a waiting or published one may not (409). Another seller's review is 404.
 */
export async function replyToReview(
  db: ShopDb,
  actor: SellerAuditActor & { id: number; sellerId: number },
  reviewId: number,
  body: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('reviews as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select(['r.id', 'r.reply_status'])
      .where('r.id', '=', reviewId)
      .where('r.status', '=', 'approved')
      .where('p.seller_id', '=', actor.sellerId)
      .executeTakeFirst();
    if (!review) throw new Problem(404, 'reviews.reviewNotFound');
    const claimed = await trx
      .updateTable('reviews')
      .set({ reply_body: body, reply_status: 'pending', reply_reason: null, reply_by: actor.id, reply_at: nowIso() })
      .where('id', '=', reviewId)
      .where((eb) => eb.or([eb('reply_status', 'is', null), eb('reply_status', '=', 'rejected')]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new Problem(409, 'reviews.replyTaken');
    await recordAudit(trx, actor, {
      action: 'reviewReply.post',
      subject: { type: 'review', id: reviewId },
      before: { reply_status: review.reply_status },
      after: { reply_status: 'pending', body },
    });
  });
}
