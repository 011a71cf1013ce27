import { count, fields, id, listOf, named, nullable, nullableText, text, when } from '#server/api/openapi/answer-fields.ts';

/**
 * A review with its seller's reply as the desk's queue and the seller portal's list answer it (DeskReview in
 * src/lib/reviews/review-views.ts): one shape for both wings' documents (issue 49's answer checks).
 */
export const ReviewsWithReplies = named(
  'ReviewsWithReplies',
  listOf(
    fields({
      id,
      product: fields({ id, name_en: text, name_ar: text, seller_id: id }),
      author: text,
      rating: count,
      title: nullableText,
      body: nullableText,
      status: text,
      reason: nullableText,
      flagged_word: nullableText,
      reports: count,
      report_reasons: listOf(text),
      created_at: when,
      reply: nullable(fields({ body: text, status: text, reason: nullableText })),
    }),
  ),
);
