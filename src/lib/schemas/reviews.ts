import * as z from 'zod/mini';
import { trimmedText } from './contact.ts';

/** Limits of a review (issue 52): what a shopper may write, and what a page of reviews may ask for. */
export const REVIEW_LIMITS = { title: 120, body: 2000, reply: 1000, reason: 500, word: 60, perPage: 20, photos: 3 } as const;

const coercedId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** `{id}` of /products/{id}/reviews and /reviews/{id}/…. */
export const ReviewPathSchema = z.object({ id: coercedId });

/**
 * PUT /products/{id}/review: a rating 1–5 and, optionally, a title and a text (either language; shown as text, never
 * HTML). An empty title or text is none: a rating alone counts at once, a text waits for the desk.
 */
export const ReviewInputSchema = z.object({
  rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)),
  title: z.optional(trimmedText(0, REVIEW_LIMITS.title)),
  body: z.optional(trimmedText(0, REVIEW_LIMITS.body)),
  /** The review's photos to keep (their URLs, as the review answered them); left out: all kept. New ones are uploaded. */
  photos: z.optional(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(REVIEW_LIMITS.photos))),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

export const reviewSorts = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** GET /products/{id}/reviews?sort=&page=&per_page= */
export const ReviewListQuerySchema = z.object({
  sort: z._default(z.enum(reviewSorts), 'newest'),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
  per_page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(REVIEW_LIMITS.perPage)), 5),
});

/** POST /reviews/{id}/report */
export const ReviewReportSchema = z.object({ reason: trimmedText(3, REVIEW_LIMITS.reason) });

/** The desk's rejection (reason shown to the author) and the seller's reply. */
export const ReviewRejectSchema = z.object({ reason: trimmedText(3, REVIEW_LIMITS.reason) });
export const ReviewReplySchema = z.object({ body: trimmedText(2, REVIEW_LIMITS.reply) });
export const ReviewWordSchema = z.object({ word: trimmedText(2, REVIEW_LIMITS.word) });
