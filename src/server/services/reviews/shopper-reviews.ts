import type { ShopDb } from '../../db/index.ts';
import { isUniqueViolation, nowIso } from '../../db/values.ts';
import { Problem } from '../../problem.ts';
import type { ReviewInput } from '#lib/schemas/reviews.ts';
import type { OwnReview, ReviewStatus } from '#lib/reviews/review-views.ts';
import { deliveredLine, sellsIt } from './eligibility.ts';
import { lockProduct, refreshProductRating } from './summary.ts';
import { matchedWord, reviewWords } from './words.ts';
import { announceReviewChange } from './announce.ts';
import { droppedPhotoIds, keptPhotos, photosOf } from './review-photos.ts';
import { signedPhotos } from './photo-links.ts';
import { removeReviewPhotos } from '../../media/product-images.ts';

/** Empty strings are no text. */
const textOf = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * The shopper's own review of a product, any status, or null; its photos as links signed for the author (a photo of a
 * review the desk has not approved is theirs and the desk's alone: photo-links.ts).
 */
export async function ownReview(db: ShopDb, userId: number, productId: number): Promise<OwnReview | null> {
  const row = await db
    .selectFrom('reviews')
    .select(['id', 'product_id', 'rating', 'title', 'body', 'status', 'reason', 'photos', 'updated_at'])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row ? { ...row, status: row.status as ReviewStatus, photos: signedPhotos(row.id, photosOf(row.photos)) } : null;
}

/** Whether the shopper may rate the product now, and their review if they did. */
export async function reviewEligibility(db: ShopDb, userId: number, productId: number) {
  const [line, own, seller] = await Promise.all([
    deliveredLine(db, userId, productId),
    ownReview(db, userId, productId),
    sellsIt(db, userId, productId),
  ]);
  return { eligible: line !== null && !seller, review: own };
}

/**
 * Rates (or re-rates) a product the shopper received (issue 52): one row per shopper and product, whatever the
 * number of submissions at once (the unique index decides; a loser updates the winner's row). A rating alone is
 * approved at once; a title, a text or photos wait for the desk (and an edit with any of them waits again). `photos`
 * names the photos to keep (review-photos.ts adds them). The product's summary is recomputed in the same transaction.
 * Answers the review and whether it was new.
 */
export async function saveReview(
  db: ShopDb,
  { userId, productId, input, locale }: { userId: number; productId: number; input: ReviewInput; locale: string },
): Promise<{ review: OwnReview; created: boolean }> {
  const line = await deliveredLine(db, userId, productId);
  if (line === null) throw new Problem(403, 'reviews.notReceived');
  if (await sellsIt(db, userId, productId)) throw new Problem(403, 'reviews.ownProduct');
  const title = textOf(input.title);
  const body = textOf(input.body);
  const hasText = title !== null || body !== null;
  const flagged = hasText ? matchedWord(`${title ?? ''} ${body ?? ''}`, await reviewWords(db)) : null;
  const now = nowIso();
  let status: ReviewStatus = 'approved';
  let dropped: { reviewId: number; photoIds: string[] } | null = null;
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      if (!(await lockProduct(trx, productId))) throw new Problem(404, 'reviews.productNotFound');
      const existing = await trx
        .selectFrom('reviews')
        .select(['id', 'photos'])
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      const photos = keptPhotos(photosOf(existing?.photos), input.photos);
      dropped = existing ? { reviewId: existing.id, photoIds: droppedPhotoIds(photosOf(existing.photos), photos) } : null;
      status = hasText || photos.length ? 'pending' : 'approved';
      const fields = {
        rating: input.rating,
        title,
        body,
        locale,
        status,
        reason: null,
        flagged_word: flagged,
        photos: photos.length ? JSON.stringify(photos) : null,
        updated_at: now,
      };
      if (existing) await trx.updateTable('reviews').set(fields).where('id', '=', existing.id).execute();
      else
        await trx
          .insertInto('reviews')
          .values({ ...fields, product_id: productId, user_id: userId, order_line_id: line, created_at: now })
          .execute();
      await refreshProductRating(trx, productId);
      return !existing;
    });
  // Two first submissions at once on separate connections: the unique index refuses the second, which then updates.
  const created = await attempt().catch((error: unknown) => {
    if (isUniqueViolation(error)) return attempt();
    throw error;
  });
  // The photos the edit left out leave the store once the edit is saved (nothing names them any more).
  const gone = dropped as { reviewId: number; photoIds: string[] } | null;
  if (gone?.photoIds.length) await removeReviewPhotos(gone.reviewId, gone.photoIds);
  if (status === 'approved') await announceReviewChange(db, productId);
  return { review: (await ownReview(db, userId, productId))!, created };
}

/**
 * Deletes the shopper's review of a product (its votes and reports with it); the summary follows, and its photos leave
 * the store (the photo route already answers 404 for them once the row is gone).
 */
export async function deleteReview(db: ShopDb, userId: number, productId: number): Promise<void> {
  const { wasApproved, reviewId } = await db.transaction().execute(async (trx) => {
    await lockProduct(trx, productId);
    const row = await trx
      .selectFrom('reviews')
      .select(['id', 'status'])
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (!row) throw new Problem(404, 'reviews.reviewNotFound');
    await trx.deleteFrom('review_votes').where('review_id', '=', row.id).execute();
    await trx.deleteFrom('review_reports').where('review_id', '=', row.id).execute();
    await trx.deleteFrom('reviews').where('id', '=', row.id).execute();
    await refreshProductRating(trx, productId);
    return { wasApproved: row.status === 'approved', reviewId: row.id };
  });
  await removeReviewPhotos(reviewId);
  if (wasApproved) await announceReviewChange(db, productId);
}

/** An approved review of someone else, or 404. */
async function approvedReview(db: ShopDb, reviewId: number) {
  const row = await db
    .selectFrom('reviews')
    .select(['id', 'user_id', 'helpful'])
    .where('id', '=', reviewId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  if (!row) throw new Problem(404, 'reviews.reviewNotFound');
  return row;
}

/** "Helpful", once per signed-in shopper (a second time changes nothing); never one's own review. Answers the count. */
export async function markHelpful(db: ShopDb, userId: number, reviewId: number): Promise<number> {
  const review = await approvedReview(db, reviewId);
  if (review.user_id === userId) throw new Problem(403, 'reviews.ownReview');
  return db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('review_votes')
      .values({ review_id: reviewId, user_id: userId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 1)
      await trx
        .updateTable('reviews')
        .set((eb) => ({ helpful: eb('helpful', '+', 1) }))
        .where('id', '=', reviewId)
        .execute();
    const row = await trx.selectFrom('reviews').select('helpful').where('id', '=', reviewId).executeTakeFirstOrThrow();
    return row.helpful;
  });
}

/**
 * Reports a review, once per shopper (409 the second time): the review goes back to the desk's queue (pending, out of
 * the summary until decided again).
 */
export async function reportReview(db: ShopDb, userId: number, reviewId: number, reason: string): Promise<void> {
  const review = await approvedReview(db, reviewId);
  if (review.user_id === userId) throw new Problem(403, 'reviews.ownReview');
  const productId = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('reviews').select('product_id').where('id', '=', reviewId).executeTakeFirstOrThrow();
    await lockProduct(trx, row.product_id);
    try {
      await trx
        .insertInto('review_reports')
        .values({ review_id: reviewId, user_id: userId, reason, created_at: nowIso() })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Problem(409, 'reviews.alreadyReported');
      throw error;
    }
    await trx
      .updateTable('reviews')
      .set((eb) => ({ reports: eb('reports', '+', 1), status: 'pending' }))
      .where('id', '=', reviewId)
      .execute();
    await refreshProductRating(trx, row.product_id);
    return row.product_id;
  });
  await announceReviewChange(db, productId);
}
