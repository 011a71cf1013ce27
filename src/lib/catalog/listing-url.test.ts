import { describe, expect, test } from 'vitest';
import { listingHref, parseListing } from './listing-url.ts';

const parse = (qs: string) => parseListing(new URLSearchParams(qs));

describe('listing URLs', () => {
  test('reads filters, repeated multi-filter keys and EGP prices', () => {
    const q = parse('category=2&subCategory=7&seller=1&seller=3&price_min=100&price_max=250.5&sort=price_asc&page=2');
    expect(q).toMatchObject({
      category: 2,
      subCategory: 7,
      seller: [1, 3],
      min_price: 10000,
      max_price: 25050,
      sort: 'price_asc',
      page: 2,
    });
  });

  test('drops bad values one by one instead of failing the page', () => {
    const q = parse('category=2&page=-3&per_page=100000&sort=cheapest&rating=4');
    expect(q).toMatchObject({ category: 2, page: 1, per_page: 24, rating: 4 });
    expect(q.sort).toBeUndefined();
  });

  test('round-trips a state into a shareable URL, leaving defaults out', () => {
    const q = parse('subCategory=7&category=2&seller=3&seller=1&in_stock=true&price_min=100&page=1');
    expect(listingHref('ar', q)).toBe('/ar/products?category=2&subCategory=7&seller=3&seller=1&in_stock=true&price_min=100');
    expect(listingHref('en', { ...q, page: 3, sort: 'rating' })).toContain('sort=rating&page=3');
    expect(listingHref('en', {})).toBe('/en/products');
  });
});
