import { expect, test } from 'vitest';
import { canonicalUrl, includeInSitemap } from './sitemap-rules.ts';

const s = 'https://shop.test';

test('redirect pages, duplicate review URLs and ended offers stay out of the sitemap', () => {
  expect(includeInSitemap(`${s}/en/articles/`)).toBe(false);
  expect(includeInSitemap(`${s}/ar/single-recipe/`)).toBe(false);
  expect(includeInSitemap(`${s}/en/blog/reviews/gooseneck-kettle/`)).toBe(false);
  expect(includeInSitemap(`${s}/en/offers/summer/`, ['summer'])).toBe(false);
  expect(includeInSitemap(`${s}/`)).toBe(false);
  for (const kept of [
    '/en/',
    '/en/articles/water/',
    '/en/blog/reviews/',
    '/en/blog/reviews/page/2/',
    '/ar/reviews/x/',
    '/en/offers/summer/',
  ])
    expect(includeInSitemap(`${s}${kept}`)).toBe(true);
});

test('canonical URLs drop the trailing slash except on the language roots', () => {
  expect(canonicalUrl(`${s}/en/about-us/`)).toBe(`${s}/en/about-us`);
  expect(canonicalUrl(`${s}/ar/`)).toBe(`${s}/ar/`);
});

test('pre-rendered category listings are listed under the URL they are canonical as', () => {
  expect(canonicalUrl(`${s}/en/products/category/1/`)).toBe(`${s}/en/products?category=1`);
  expect(canonicalUrl(`${s}/ar/products/category/1/2/`)).toBe(`${s}/ar/products?category=1&subCategory=2`);
  expect(canonicalUrl(`${s}/en/products/`)).toBe(`${s}/en/products`);
});

test("one shopper's pages (noindex) stay out of the sitemap; the cart page and seller pages stay in", () => {
  for (const personal of [
    '/en/login/',
    '/ar/sign-up/',
    '/en/verify-otp/',
    '/ar/forget-password/',
    '/en/profile/',
    '/ar/profile/order-history/',
    '/en/checkout/checkout-payment/',
    '/ar/checkout/success/',
  ])
    expect(includeInSitemap(`${s}${personal}`), personal).toBe(false);
  for (const kept of ['/en/checkout/cart/', '/ar/seller-profile/1/', '/en/products/'])
    expect(includeInSitemap(`${s}${kept}`), kept).toBe(true);
});

test('category listings are left to the catalog sitemap, which reads them from the database', () => {
  expect(includeInSitemap(`${s}/en/products/category/1/`)).toBe(false);
  expect(includeInSitemap(`${s}/ar/products/category/1/2/`)).toBe(false);
  expect(includeInSitemap(`${s}/en/products/`)).toBe(true);
});
