import { expect, test } from 'vitest';
import type { ProductDetail } from '../types.ts';
import type { PublicReview } from '../reviews/review-views.ts';
import { productJsonLd } from './structured-data.ts';

const site = new URL('https://shop.example');
const product = (ratings_count: number, rate: number) =>
  ({
    id: 7,
    sku: 'CM-7',
    name: 'Beans',
    description: 'Good beans',
    images: ['/a.webp'],
    category: { name: 'Coffee' },
    sub_category: { name: 'Beans' },
    seller: { name: 'Roaster' },
    rate,
    ratings_count,
    weight: null,
    price: 10_000,
    stock: 3,
  }) as unknown as ProductDetail;
const review: PublicReview = {
  id: 1,
  rating: 4,
  title: 'Nice',
  body: '<b>sweet</b>',
  author: 'Mona S.',
  created_at: '2026-01-02T10:00:00.000Z',
  helpful: 0,
  verified: true,
  photos: [],
  reply: null,
};

test('no aggregateRating and no review for a product without approved reviews (issue 52)', () => {
  const ld = productJsonLd(product(0, 0), site, '/en/single-product/7', []);
  expect(ld).not.toHaveProperty('aggregateRating');
  expect(ld).not.toHaveProperty('review');
});

test('aggregateRating and the approved reviews as schema.org Review, their text as it was written', () => {
  const ld = productJsonLd(product(3, 4.3), site, '/en/single-product/7', [review]) as Record<string, unknown>;
  expect(ld['aggregateRating']).toEqual({
    '@type': 'AggregateRating',
    ratingValue: 4.3,
    ratingCount: 3,
    bestRating: 5,
    worstRating: 1,
  });
  expect(ld['review']).toEqual([
    {
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: 'Mona S.' },
      datePublished: '2026-01-02',
      name: 'Nice',
      reviewBody: '<b>sweet</b>',
    },
  ]);
});
