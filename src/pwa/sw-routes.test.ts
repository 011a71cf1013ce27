import { describe, expect, test } from 'vitest';
import { cacheNames, markStale, offlinePageFor, pastHttpCache, staleCaches, swRouteFor, type SwRoute } from './sw-routes.ts';

const ORIGIN = 'https://beanbazaar.example';
const get = (path: string, mode = 'cors') => ({ url: `${ORIGIN}${path}`, method: 'GET', mode });
const page = (path: string) => get(path, 'navigate');
const route = (request: { url: string; method: string; mode: string }): SwRoute => swRouteFor(request, ORIGIN);

describe('the service worker never keeps what belongs to one shopper', () => {
  test.each([
    '/api/cart',
    '/api/cart/quote',
    '/api/shopping-cart',
    '/api/orders',
    '/api/orders/12',
    '/api/checkout',
    '/api/checkout/summary',
    '/api/payments/paytabs/callback',
    '/api/opay/cancel',
    '/api/profile',
    '/api/addresses',
    '/api/auth/session',
    '/api/wishlist',
    '/api/admin/orders',
    '/api/newsletter',
    '/api/health',
    '/api/sandbox-gateway/pay',
    '/api/push/key',
    '/api/push/subscriptions',
  ])('GET %s goes straight to the network', (path) => {
    expect(route(get(path))).toBe('none');
  });

  test('only GET is ever answered: a cart change, an order or a payment is never replayed from a cache', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      for (const path of ['/api/cart', '/api/orders', '/api/products', '/en/'])
        expect(route({ url: `${ORIGIN}${path}`, method, mode: 'cors' })).toBe('none');
  });

  test('the back office and the seller portal are left alone, pages and API alike, in every language', () => {
    for (const path of ['/en/admin', '/ar/admin/orders/5', '/admin', '/en/admin/', '/en/seller/orders', '/ar/seller/orders/7'])
      expect([route(page(path)), route(get(path))]).toEqual(['none', 'none']);
  });

  test('the payment step and account pages are never served from a cache', () => {
    for (const path of [
      '/en/checkout/checkout-payment',
      '/ar/checkout/success?order=5',
      '/en/profile',
      '/ar/profile/order-history',
      '/en/login',
      '/ar/verify-otp',
    ])
      expect(route(page(path))).toBe('online-only');
  });

  test('another origin (a payment gateway, the tag manager) is never touched', () => {
    expect(swRouteFor({ url: 'https://secure.paytabs.com/payment/page', method: 'GET', mode: 'navigate' }, ORIGIN)).toBe('none');
    expect(swRouteFor({ url: 'https://www.googletagmanager.com/gtm.js', method: 'GET', mode: 'no-cors' }, ORIGIN)).toBe('none');
  });
});

describe('what the shopper browses is kept for offline', () => {
  test('shop pages, the cart page included, go network first with the saved copy offline', () => {
    for (const path of ['/en/', '/ar/', '/en/products?category=1', '/ar/single-product/3', '/en/checkout/cart', '/ar/blog'])
      expect(route(page(path))).toBe('page');
  });

  test('the catalog API reads are the only API answers kept; pictures are cached with limits', () => {
    for (const path of [
      '/api/products?category=1',
      '/api/products/abc',
      '/api/categories',
      '/api/variants/3',
      '/api/autocomplete?q=v',
    ])
      expect(route(get(path))).toBe('catalog-api');
    expect(route(get('/api/media/products/12-800.webp'))).toBe('image');
    expect(route(get('/images/hero.jpg'))).toBe('image');
    expect(route(get('/_astro/client.Bx12.js'))).toBe('asset');
  });

  test('a path that only redirects (the bare root) is not kept', () => {
    expect(route(page('/'))).toBe('none');
  });
});

describe('offline pages', () => {
  test('a never-visited page gets the offline page in its own language', () => {
    expect(offlinePageFor('/ar/recipes')).toBe('/ar/offline/');
    expect(offlinePageFor('/en/single-product/9')).toBe('/en/offline/');
    expect(offlinePageFor('/nowhere')).toBe('/en/offline/');
  });

  test('the payment step offline says checkout needs a connection', () => {
    expect(offlinePageFor('/ar/checkout/checkout-payment')).toBe('/ar/offline/checkout/');
    expect(offlinePageFor('/en/checkout/success')).toBe('/en/offline/checkout/');
    expect(offlinePageFor('/en/checkout/cart')).toBe('/en/offline/');
  });
});

describe('versions', () => {
  test("a new build's worker drops the pages and API answers of earlier builds, and keeps its own and the pictures", () => {
    const now = cacheNames('b2');
    const earlier = cacheNames('b1');
    const names = [...Object.values(earlier), ...Object.values(now), 'workbox-precache-v2-https://x/'];
    expect(staleCaches(names, 'b2').sort()).toEqual([earlier.catalogApi, earlier.pages].sort());
  });

  test('a page served from the cache is marked, so the layout says its prices may be out of date', () => {
    expect(markStale('<!doctype html><html lang="ar" dir="rtl"><head>')).toBe(
      '<!doctype html><html data-stale lang="ar" dir="rtl"><head>',
    );
    expect(markStale('<html>')).toBe('<html data-stale>');
  });
});

describe('the network try of a page', () => {
  test('goes past the browser’s HTTP cache (its stale-while-revalidate copy would be shown as live), same address', () => {
    const asked = new Request('https://shop.example/en/products?category=4', { headers: { accept: 'text/html' } });
    const sent = pastHttpCache(asked);
    expect(sent.cache).toBe('no-cache');
    expect(sent.url).toBe(asked.url);
    expect(sent.headers.get('accept')).toBe('text/html');
    expect(sent.method).toBe('GET');
  });
});
