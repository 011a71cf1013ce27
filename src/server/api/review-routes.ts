import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES } from '#lib/uploads.ts';
import * as z from 'zod/mini';
import {
  REVIEW_LIMITS,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewPathSchema,
  ReviewReportSchema,
} from '#lib/schemas/reviews.ts';
import { enforceLimits } from '../auth/rate-limit.ts';
import { approvedReviews } from '../services/reviews/public-reviews.ts';
import { addReviewPhotos } from '../services/reviews/review-photos.ts';
import { Problem } from '../problem.ts';
import { ratingSummary } from '../services/reviews/summary.ts';
import {
  deleteReview,
  markHelpful,
  ownReview,
  reportReview,
  reviewEligibility,
  saveReview,
} from '../services/reviews/shopper-reviews.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';
import { documenter, ok, refused, retryLater } from './openapi/describe.ts';
import { HelpfulCount, OwnReview, PublicReview, ReviewEligibility, ReviewPageMeta } from './openapi/review-shapes.ts';

const documented = documenter('Reviews');
const tooMany = retryLater('Too many ratings or reports from this shopper: wait (`Retry-After`).');

/** Three photos of at most 5 MB each, with room for the form's boundaries; a larger body is refused unread. */
const photosBodyLimit = bodyLimit({
  maxSize: REVIEW_LIMITS.photos * MAX_UPLOAD_BYTES + 64 * 1024,
  onError: () => {
    throw new Problem(413, 'reviews.photoTooLarge');
  },
});

/** The `file` parts of a multipart body (one or several); anything else is none. */
async function photoFiles(req: { parseBody: (options: { all: true }) => Promise<Record<string, unknown>> }): Promise<File[]> {
  const body = await req.parseBody({ all: true }).catch(() => ({}) as Record<string, unknown>);
  const parts = ([] as unknown[]).concat(body['file'] ?? []);
  return parts.filter((part): part is File => part instanceof File);
}

/**
 * Ratings and reviews from verified buyers (issue 52, decision 036): the approved reviews of a product for anyone;
 * rating, editing, deleting, "Helpful" and reporting for the signed-in shopper (ownership from the token, never an id
 * sent by the client; writes rate-limited per shopper).
 */
export const reviewRoutes = new Hono<ApiEnv>()
  .use('/products/:id/review', requireUser)
  .use('/products/:id/review/*', requireUser)
  // Not /reviews/* as a whole: a review's photos (review-photo-routes.ts) are open to guests once approved.
  .use('/reviews/:id/helpful', requireUser)
  .use('/reviews/:id/report', requireUser)
  .get(
    '/products/:id/reviews',
    documented({
      summary: "A page of a product's approved reviews, newest or most helpful first, with the total and the rating summary",
      description:
        'Every review is from a verified buyer (a delivered, not returned order line). `meta.summary`: the average, the count and the 5 → 1 distribution of approved ratings (rating-only answers included).',
      responses: { 200: ok('A page of reviews.', z.array(PublicReview), { meta: ReviewPageMeta }) },
    }),
    validate('param', ReviewPathSchema),
    validate('query', ReviewListQuerySchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { sort, page, per_page } = c.req.valid('query');
      const db = c.get('db');
      const [list, summary] = await Promise.all([
        approvedReviews(db, id, { sort, page, perPage: per_page, locale: c.get('locale') }),
        ratingSummary(db, id),
      ]);
      const meta = { page, per_page, total: list.total, last_page: Math.max(1, Math.ceil(list.total / per_page)), summary };
      return c.json({ data: list.reviews, meta });
    },
  )
  .get(
    '/products/:id/review',
    documented({
      summary: 'Whether the shopper may rate this product (a delivered, not returned line), and their review if any',
      responses: { 200: ok('Eligibility and the own review.', ReviewEligibility) },
    }),
    validate('param', ReviewPathSchema),
    async (c) => c.json({ data: await reviewEligibility(c.get('db'), c.get('userId'), c.req.valid('param').id) }),
  )
  .put(
    '/products/:id/review',
    documented({
      summary: 'Rate a product received (1–5), optionally with a title and a text; again to edit',
      description:
        'One review per shopper and product. A rating alone counts at once; a title or text waits for the desk (`status: pending`), and so does an edited text.',
      responses: {
        200: ok('The review, edited.', OwnReview),
        201: ok('The review, new.', OwnReview),
        403: refused('Not received (no delivered, not returned line of this product), or the shopper sells it.'),
        404: refused('No such product.'),
        429: tooMany,
      },
    }),
    validate('param', ReviewPathSchema),
    validate('json', ReviewInputSchema),
    async (c) => {
      const db = c.get('db');
      const userId = c.get('userId');
      await enforceLimits(db, [['reviewWrite', String(userId)]]);
      const { id } = c.req.valid('param');
      const saved = await saveReview(db, { userId, productId: id, input: c.req.valid('json'), locale: c.get('locale') });
      const message = saved.review.status === 'pending' ? c.get('t').reviews.sentForReview : c.get('t').reviews.saved;
      return c.json({ data: saved.review, message }, saved.created ? 201 : 200);
    },
  )
  .post(
    '/products/:id/review/photos',
    documented({
      summary: "Add photos to the shopper's review of this product (multipart, one or more `file` parts)",
      description:
        'Up to three photos per review, each at most 5 MB, read by their content (JPEG, PNG, WebP, AVIF) and made into the shop’s image sizes. The review then waits for the desk (`status: pending`); its photos are shown with it once approved.',
      responses: {
        201: ok('The review with its photos.', OwnReview),
        403: refused('Not received (no delivered, not returned line of this product).'),
        409: refused('No review of this product yet: rate it first.'),
        413: refused('A photo larger than 5 MB.'),
        415: refused('Not a JPG, PNG, WebP or AVIF photo.'),
        422: refused('No photo sent, or more than three photos in all.'),
        429: tooMany,
      },
    }),
    photosBodyLimit,
    validate('param', ReviewPathSchema),
    async (c) => {
      const db = c.get('db');
      const userId = c.get('userId');
      await enforceLimits(db, [['reviewWrite', String(userId)]]);
      const { id } = c.req.valid('param');
      await addReviewPhotos(db, { userId, productId: id, files: await photoFiles(c.req) });
      return c.json({ data: (await ownReview(db, userId, id))!, message: c.get('t').reviews.sentForReview }, 201);
    },
  )
  .delete(
    '/products/:id/review',
    documented({
      summary: "Delete the shopper's review of this product",
      responses: { 200: ok('Deleted.', z.object({ deleted: z.literal(true) })), 404: refused('No review of this product.') },
    }),
    validate('param', ReviewPathSchema),
    async (c) => {
      await deleteReview(c.get('db'), c.get('userId'), c.req.valid('param').id);
      return c.json({ data: { deleted: true as const } });
    },
  )
  .post(
    '/reviews/:id/helpful',
    documented({
      summary: 'Mark a review helpful (once per shopper; again changes nothing)',
      responses: {
        200: ok("The review's helpful count.", HelpfulCount),
        403: refused("The shopper's own review."),
        404: refused('No such approved review.'),
      },
    }),
    validate('param', ReviewPathSchema),
    async (c) => c.json({ data: { helpful: await markHelpful(c.get('db'), c.get('userId'), c.req.valid('param').id) } }),
  )
  .post(
    '/reviews/:id/report',
    documented({
      summary: 'Report a review (once per shopper): it goes back to the desk’s queue',
      responses: {
        201: ok('Reported.', z.object({ reported: z.literal(true) })),
        403: refused("The shopper's own review."),
        404: refused('No such approved review.'),
        409: refused('Already reported by this shopper.'),
        429: tooMany,
      },
    }),
    validate('param', ReviewPathSchema),
    validate('json', ReviewReportSchema),
    async (c) => {
      const db = c.get('db');
      const userId = c.get('userId');
      await enforceLimits(db, [['reviewReport', String(userId)]]);
      await reportReview(db, userId, c.req.valid('param').id, c.req.valid('json').reason);
      return c.json({ data: { reported: true as const }, message: c.get('t').reviews.reported }, 201);
    },
  );
