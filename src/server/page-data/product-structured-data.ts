import type { Locale } from '#i18n/locales.ts';
import { jsonLdText, productJsonLd } from '#lib/catalog/structured-data.ts';
import type { ProductDetail } from '#lib/types.ts';
import type { ShopDb } from '../db/index.ts';
import { approvedReviews } from '../services/reviews/public-reviews.ts';

/** How many approved reviews the product page's JSON-LD carries (the newest). */
export const JSON_LD_REVIEWS = 3;

/**
 * The text of the product page's Product JSON-LD (issue 52), exactly as the page writes it into its
 * `<script type="application/ld+json">`: `aggregateRating` and the newest approved reviews only when the product has
 * approved ratings, none otherwise. Part of the cached page, drawn again when a review is approved.
 */
export async function productJsonLdText(db: ShopDb, locale: Locale, product: ProductDetail, site: URL, url: string) {
  const newest =
    product.ratings_count > 0
      ? (await approvedReviews(db, product.id, { sort: 'newest', page: 1, perPage: JSON_LD_REVIEWS, locale })).reviews
      : [];
  return jsonLdText(productJsonLd(product, site, url, newest));
}
