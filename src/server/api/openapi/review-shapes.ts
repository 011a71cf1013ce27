import * as z from 'zod/mini';

/** The shapes of the review routes' answers (issue 52), components of the public document as shapes.ts's are. */
const named = <T extends z.core.$ZodType>(id: string, schema: T): T => {
  z.globalRegistry.add(schema, { id });
  return schema;
};

const id = z.number().check(z.int(), z.minimum(1));
const stars = z.number().check(z.int(), z.minimum(1), z.maximum(5));
const nullableText = z.nullable(z.string());
const status = z.enum(['pending', 'approved', 'rejected']);

export const ReviewPhoto = named(
  'ReviewPhoto',
  z.looseObject({
    url: z.string(),
    width: z.number().check(z.int(), z.minimum(1)),
    height: z.number().check(z.int(), z.minimum(1)),
  }),
);
/** Up to three, the image pipeline's 640 px WebP (`/api/media/products/…`; 320 and 1200 px and AVIF beside it). */
const photos = z.array(ReviewPhoto).check(z.maxLength(3));

export const PublicReview = named(
  'Review',
  z.looseObject({
    id,
    rating: stars,
    title: nullableText,
    body: nullableText,
    author: z.string(),
    created_at: z.string(),
    helpful: z.number().check(z.int(), z.minimum(0)),
    verified: z.literal(true),
    photos,
    reply: z.nullable(z.looseObject({ body: z.string(), seller: z.string(), at: z.string() })),
  }),
);

export const RatingSummary = named(
  'RatingSummary',
  z.looseObject({
    average: z.number().check(z.minimum(0), z.maximum(5)),
    count: z.number().check(z.int(), z.minimum(0)),
    distribution: z.array(z.number().check(z.int(), z.minimum(0))),
  }),
);

export const ReviewPageMeta = named(
  'ReviewPageMeta',
  z.looseObject({ page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number(), summary: RatingSummary }),
);

export const OwnReview = named(
  'OwnReview',
  z.looseObject({
    id,
    product_id: id,
    rating: stars,
    title: nullableText,
    body: nullableText,
    status,
    reason: nullableText,
    photos,
    updated_at: z.string(),
  }),
);

export const ReviewEligibility = named(
  'ReviewEligibility',
  z.looseObject({ eligible: z.boolean(), review: z.nullable(OwnReview) }),
);

export const HelpfulCount = named('HelpfulCount', z.looseObject({ helpful: z.number().check(z.int(), z.minimum(0)) }));
