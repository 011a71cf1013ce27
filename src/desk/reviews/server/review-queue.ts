import type { ShopDb } from '#server/db/index.ts';
import { isUniqueViolation, nowIso } from '#server/db/values.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import type { DeskReview } from '#lib/reviews/review-views.ts';
import { deskReviews, reviewRowsQuery } from '#server/services/reviews/review-rows.ts';
import { lockProduct, refreshProductRating } from '#server/services/reviews/summary.ts';
import { announceReviewChange } from '#server/services/reviews/announce.ts';
import { foldedWord, reviewWords } from '#server/services/reviews/words.ts';

/**
 * The desk's review queue (issue 52, docs/back-office.md "Reviews"): written reviews and reported ones waiting
 * (pending), flagged by a desk word first, then oldest first; sellers' replies waiting, beside their review.
 */
export async function reviewQueue(db: ShopDb): Promise<DeskReview[]> {
  const rows = await reviewRowsQuery(db)
    .where((eb) => eb.or([eb('r.status', '=', 'pending'), eb('r.reply_status', '=', 'pending')]))
    .orderBy((eb) => eb.case().when('r.flagged_word', 'is not', null).then(0).else(1).end())
    .orderBy('r.id', 'asc')
    .limit(200)
    .execute();
  return deskReviews(db, rows);
}

type Decision = { approve: true } | { approve: false; reason: string };

/**
 * Approves or rejects a waiting review (the reason goes to its author); the product's summary is recomputed in the
 * same transaction and the decision audited; an approval is on the product page at once (the catalog version moves).
 * A review decided meanwhile (or none) is 404.
 */
export async function decideReview(db: ShopDb, id: number, decision: Decision, actor: StaffActor): Promise<void> {
  const productId = await db.transaction().execute(async (trx) => {
    const review = await trx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
    if (!review || review.status !== 'pending') throw new Problem(404, 'reviews.notWaiting');
    await lockProduct(trx, review.product_id);
    const claimed = await trx
      .updateTable('reviews')
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
        decided_by: actor.id,
        decided_at: nowIso(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new Problem(404, 'reviews.notWaiting');
    const summary = await refreshProductRating(trx, review.product_id);
    await recordAudit(trx, actor, {
      action: decision.approve ? 'review.approve' : 'review.reject',
      subject: { type: 'review', id },
      before: { status: review.status, product_id: review.product_id, reports: review.reports },
      after: { status: decision.approve ? 'approved' : 'rejected', product_rating: summary.rating, ratings_count: summary.count },
      reason: decision.approve ? null : decision.reason,
    });
    return review.product_id;
  });
  await announceReviewChange(db, productId, true);
}

/** Approves or rejects a seller's waiting reply (the reason goes to the seller); audited. */
export async function decideReply(db: ShopDb, id: number, decision: Decision, actor: StaffActor): Promise<void> {
  const productId = await db.transaction().execute(async (trx) => {
    const review = await trx.selectFrom('reviews').select(['product_id', 'reply_status']).where('id', '=', id).executeTakeFirst();
    const claimed = await trx
      .updateTable('reviews')
      .set({ reply_status: decision.approve ? 'approved' : 'rejected', reply_reason: decision.approve ? null : decision.reason })
      .where('id', '=', id)
      .where('reply_status', '=', 'pending')
      .executeTakeFirst();
    if (!review || Number(claimed.numUpdatedRows) !== 1) throw new Problem(404, 'reviews.notWaiting');
    await recordAudit(trx, actor, {
      action: decision.approve ? 'reviewReply.approve' : 'reviewReply.reject',
      subject: { type: 'review', id },
      before: { reply_status: 'pending' },
      after: { reply_status: decision.approve ? 'approved' : 'rejected' },
      reason: decision.approve ? null : decision.reason,
    });
    return review.product_id;
  });
  if (decision.approve) await announceReviewChange(db, productId, true);
}

/** Adds a word that flags a review's text (its folded form unique: "أ" and "ا" spellings are one word); audited. */
export async function addReviewWord(db: ShopDb, word: string, actor: StaffActor) {
  const folded = foldedWord(word);
  if (!folded) throw new Problem(409, 'reviews.wordTaken');
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('review_words').values({ word, folded, created_by: actor.id, created_at: nowIso() }).execute();
      await recordAudit(trx, actor, { action: 'reviewWord.add', subject: { type: 'review_word', id: folded }, after: { word } });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Problem(409, 'reviews.wordTaken');
      throw error;
    });
  return reviewWords(db);
}

/** Removes a word; audited. */
export async function removeReviewWord(db: ShopDb, id: number, actor: StaffActor) {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('review_words').select(['word', 'folded']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new Problem(404, 'reviews.notWaiting');
    await trx.deleteFrom('review_words').where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'reviewWord.remove',
      subject: { type: 'review_word', id: row.folded },
      before: { word: row.word },
    });
  });
  return reviewWords(db);
}
