import { expect, test } from 'vitest';
import { legacyRedirect } from './legacy-redirects.ts';

const at = (path: string) => legacyRedirect(new URL(path, 'http://shop.test'));

test('/coffee-shops goes to the spec spelling, keeping locale, sub-path and query', () => {
  expect(at('/en/coffee-shops')).toBe('/en/coffe-shops');
  expect(at('/ar/coffee-shops/')).toBe('/ar/coffe-shops');
  expect(at('/en/coffee-shops/page/2?x=1')).toBe('/en/coffe-shops/page/2?x=1');
  expect(at('/en/coffe-shops')).toBeUndefined();
  expect(at('/en/products')).toBeUndefined();
});

test('routes whose id is optional (spec section 2) send an id-less visit to their listing', () => {
  expect(at('/en/articles')).toBe('/en/blog/articles');
  expect(at('/ar/articles/')).toBe('/ar/blog/articles');
  expect(at('/en/reviews')).toBe('/en/blog/reviews');
  expect(at('/ar/single-recipe')).toBe('/ar/recipes');
  expect(at('/en/single-product/')).toBe('/en/products');
  expect(at('/en/single-product?x=1')).toBe('/en/products?x=1');
  expect(at('/en/articles/dialing-in-espresso')).toBeUndefined();
  expect(at('/en/single-product/12')).toBeUndefined();
});
