import { Hono } from 'hono';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { clientAddress } from '#server/api/session-cookie.ts';
import { idParam } from '#server/api/params.ts';
import { done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { ReviewReplySchema } from '#lib/schemas/reviews.ts';
import { sellerActor } from '#core/actors/server/seller-actor.ts';
import { requireSeller } from '../../accounts/server/require-seller.ts';
import { sellerDocumenter } from '../../portal/server/seller-docs.ts';
import { replyToReview, sellerReviews } from './seller-reviews.ts';
import { ReviewsWithReplies } from '#server/services/reviews/review-answers.ts';

const documented = sellerDocumenter('Seller reviews');

/** The seller's products' published reviews and its one public reply per review (issue 52). */
export const sellerReviewRoutes = new Hono<ApiEnv>()
  .get(
    '/reviews',
    documented('Published reviews of your products, newest first, with your replies', {
      200: done('The reviews.', ReviewsWithReplies),
    }),
    requireSeller('products.read'),
    async (c) => c.json({ data: await sellerReviews(c.get('db'), c.get('seller').sellerId) }),
  )
  .post(
    '/reviews/:id/reply',
    documented('Reply to a review of your product (once; checked by the marketplace before it shows)', {
      200: done('The reviews.', ReviewsWithReplies),
      404: missing('published review of your products'),
      409: stale,
    }),
    requireSeller('products.manage'),
    validate('json', ReviewReplySchema),
    async (c) => {
      const member = c.get('seller');
      const actor = { ...sellerActor(member, clientAddress(c)), id: member.memberId, sellerId: member.sellerId };
      await replyToReview(c.get('db'), actor, idParam(c, 'reviews.reviewNotFound'), c.req.valid('json').body);
      return c.json({ data: await sellerReviews(c.get('db'), member.sellerId) });
    },
  );
