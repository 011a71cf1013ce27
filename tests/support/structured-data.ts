import * as z from 'zod/mini';

/**
 * A small structured-data validator for the product page's JSON-LD (issue 52): schema.org's Product with its Offer,
 * AggregateRating and Review, and what Google's product snippets require of them
 * (developers.google.com/search/docs/appearance/structured-data/product-snippet and review-snippet): a name; an offer,
 * a review or an aggregate rating; a rating's value within its best and worst; an aggregate's ratingCount or
 * reviewCount of at least one; a review's author named (under 100 characters) and rated. Answers the problems found,
 * none for valid data.
 */
const absoluteUrl = z.string().check(z.regex(/^https?:\/\/[^\s]+$/));
const nonEmpty = z.string().check(z.minLength(1));
const score = z.number().check(z.minimum(0));
const count = z.number().check(z.int(), z.minimum(1));

const Rating = z.object({
  '@type': z.literal('Rating'),
  ratingValue: score,
  bestRating: z.optional(score),
  worstRating: z.optional(score),
});

const AggregateRating = z.object({
  '@type': z.literal('AggregateRating'),
  ratingValue: score,
  bestRating: z.optional(score),
  worstRating: z.optional(score),
  ratingCount: z.optional(count),
  reviewCount: z.optional(count),
});

const Review = z.object({
  '@type': z.literal('Review'),
  author: z.object({ '@type': z.enum(['Person', 'Organization']), name: nonEmpty.check(z.maxLength(99)) }),
  reviewRating: Rating,
  datePublished: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}/))),
  name: z.optional(z.string()),
  reviewBody: z.optional(z.string()),
});

const Offer = z.object({
  '@type': z.literal('Offer'),
  url: z.optional(absoluteUrl),
  price: z.string().check(z.regex(/^\d+(\.\d{1,2})?$/)),
  priceCurrency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  availability: z.optional(
    z.string().check(z.regex(/^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|LimitedAvailability)$/)),
  ),
});

const Product = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: nonEmpty,
  image: z.optional(z.array(absoluteUrl)),
  offers: z.optional(Offer),
  aggregateRating: z.optional(AggregateRating),
  review: z.optional(z.array(Review).check(z.minLength(1))),
});

/** Best 5 and worst 1 unless said (schema.org's defaults), the value between them. */
function ratingProblems(
  where: string,
  r: { ratingValue: number; bestRating?: number | undefined; worstRating?: number | undefined },
): string[] {
  const best = r.bestRating ?? 5;
  const worst = r.worstRating ?? 1;
  return r.ratingValue < worst || r.ratingValue > best ? [`${where}: ratingValue ${r.ratingValue} outside ${worst}–${best}`] : [];
}

export function productLdProblems(value: unknown): string[] {
  const read = z.safeParse(Product, value);
  if (!read.success) return read.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const ld = read.data;
  const problems: string[] = [];
  if (!ld.offers && !ld.review && !ld.aggregateRating) problems.push('a Product needs offers, review or aggregateRating');
  if (ld.aggregateRating) {
    problems.push(...ratingProblems('aggregateRating', ld.aggregateRating));
    if (ld.aggregateRating.ratingCount === undefined && ld.aggregateRating.reviewCount === undefined)
      problems.push('aggregateRating: needs ratingCount or reviewCount');
  }
  if (ld.review && !ld.aggregateRating) problems.push('reviews without an aggregateRating');
  ld.review?.forEach((review, i) => problems.push(...ratingProblems(`review.${i}.reviewRating`, review.reviewRating)));
  return problems;
}

/** The JSON-LD blocks of an HTML document, parsed (a block that is not JSON throws). */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
