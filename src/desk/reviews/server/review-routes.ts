import { Hono } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { ReviewRejectSchema, ReviewWordSchema } from '#lib/schemas/reviews.ts';
import { reviewWords } from '#server/services/reviews/words.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing } from '#server/api/openapi/desk-docs.ts';
import { refused } from '#server/api/openapi/describe.ts';
import { addReviewWord, decideReply, decideReview, removeReviewWord, reviewQueue } from './review-queue.ts';
import { ReviewsWithReplies } from '#server/services/reviews/review-answers.ts';
import { ReviewWords } from './review-answers.ts';

const documented = deskDocumenter('Reviews');
const notWaiting = 'reviews.notWaiting' as const;

/** Shoppers' reviews and sellers' replies waiting for the desk (issue 52), for members with reviews.moderate. */
export const adminReviewRoutes = new Hono<ApiEnv>()
  .get(
    '/reviews',
    documented('Reviews and sellers’ replies waiting (written, reported, flagged by a word)', {
      200: done('The queue.', ReviewsWithReplies),
    }),
    requireStaff('reviews.moderate'),
    async (c) => c.json({ data: await reviewQueue(c.get('db')) }),
  )
  .post(
    '/reviews/:id/approve',
    documented('Approve a review: it counts and shows on the product page', {
      200: done('The queue.', ReviewsWithReplies),
      404: missing('review waiting'),
    }),
    requireStaff('reviews.moderate'),
    async (c) => {
      await decideReview(c.get('db'), idParam(c, notWaiting), { approve: true }, c.get('staff'));
      return c.json({ data: await reviewQueue(c.get('db')) });
    },
  )
  .post(
    '/reviews/:id/reject',
    documented('Reject a review with a reason its author reads', {
      200: done('The queue.', ReviewsWithReplies),
      404: missing('review waiting'),
    }),
    requireStaff('reviews.moderate'),
    validate('json', ReviewRejectSchema),
    async (c) => {
      const { reason } = c.req.valid('json');
      await decideReview(c.get('db'), idParam(c, notWaiting), { approve: false, reason }, c.get('staff'));
      return c.json({ data: await reviewQueue(c.get('db')) });
    },
  )
  .post(
    '/reviews/:id/reply/approve',
    documented('Approve a seller’s reply to a review', {
      200: done('The queue.', ReviewsWithReplies),
      404: missing('reply waiting'),
    }),
    requireStaff('reviews.moderate'),
    async (c) => {
      await decideReply(c.get('db'), idParam(c, notWaiting), { approve: true }, c.get('staff'));
      return c.json({ data: await reviewQueue(c.get('db')) });
    },
  )
  .post(
    '/reviews/:id/reply/reject',
    documented('Reject a seller’s reply with a reason the seller reads', {
      200: done('The queue.', ReviewsWithReplies),
      404: missing('reply waiting'),
    }),
    requireStaff('reviews.moderate'),
    validate('json', ReviewRejectSchema),
    async (c) => {
      const { reason } = c.req.valid('json');
      await decideReply(c.get('db'), idParam(c, notWaiting), { approve: false, reason }, c.get('staff'));
      return c.json({ data: await reviewQueue(c.get('db')) });
    },
  )
  .get(
    '/review-words',
    documented('The words that flag a review’s text', { 200: done('The words.', ReviewWords) }),
    requireStaff('reviews.moderate'),
    async (c) => c.json({ data: await reviewWords(c.get('db')) }),
  )
  .post(
    '/review-words',
    documented('Add a word (matched in any spelling variant)', {
      200: done('The words.', ReviewWords),
      409: refused('The word (or a spelling variant of it) is already on the list.'),
    }),
    requireStaff('reviews.moderate'),
    validate('json', ReviewWordSchema),
    async (c) => c.json({ data: await addReviewWord(c.get('db'), c.req.valid('json').word, c.get('staff')) }),
  )
  .delete(
    '/review-words/:id',
    documented('Remove a word', { 200: done('The words.', ReviewWords), 404: missing('word') }),
    requireStaff('reviews.moderate'),
    async (c) => c.json({ data: await removeReviewWord(c.get('db'), idParam(c, notWaiting), c.get('staff')) }),
  );
