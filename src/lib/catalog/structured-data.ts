import { poundsText } from '../money.ts';
import type { ProductDetail } from '../types.ts';
import type { PublicReview } from '../reviews/review-views.ts';

/** One step of a breadcrumb trail; the last one (the current page) has no link. */
export interface Crumb {
  name: string;
  href?: string | undefined;
}

/** schema.org BreadcrumbList for a trail; links are made absolute against the site. */
export function breadcrumbJsonLd(crumbs: Crumb[], site: URL, currentUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.href ?? currentUrl, site).toString(),
    })),
  };
}

/**
 * schema.org Product with one Offer in EGP; prices leave piastres only here, for the search engines. `aggregateRating`
 * and `review` only from approved reviews of verified buyers (issue 52), and none when there are none.
 */
export function productJsonLd(product: ProductDetail, site: URL, url: string, reviews: readonly PublicReview[] = []) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': new URL(url, site).toString(),
    productID: String(product.id),
    sku: product.sku,
    name: product.name,
    description: product.description,
    image: product.images.map((src) => new URL(src, site).toString()),
    category: `${product.category.name} > ${product.sub_category.name}`,
    brand: { '@type': 'Brand', name: product.seller.name },
    ...(product.ratings_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rate,
            // Every approved rating, rating-only answers included: schema.org's ratingCount (reviewCount counts texts).
            ratingCount: product.ratings_count,
            bestRating: 5,
            worstRating: 1,
          },
          ...(reviews.length ? { review: reviews.map(reviewJsonLd) } : {}),
        }
      : {}),
    ...(product.weight !== null ? { weight: { '@type': 'QuantitativeValue', value: product.weight, unitCode: 'GRM' } } : {}),
    offers: {
      '@type': 'Offer',
      url: new URL(url, site).toString(),
      price: poundsText(product.price),
      priceCurrency: 'EGP',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: product.seller.name },
    },
  };
}

/** One approved review as schema.org Review. */
const reviewJsonLd = (review: PublicReview) => ({
  '@type': 'Review',
  reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  author: { '@type': 'Person', name: review.author },
  datePublished: review.created_at.slice(0, 10),
  ...(review.title ? { name: review.title } : {}),
  ...(review.body ? { reviewBody: review.body } : {}),
});

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script element. */
export const jsonLdText = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
