import { expect, test } from 'vitest';
import { routeBackPath, routeOfPath } from './route-back.ts';

test('login returns to the named route with its params (spec section 2)', () => {
  expect(routeBackPath('en', 'single-product-id', '{"id":"12"}')).toBe('/en/single-product/12');
  expect(routeBackPath('ar', 'checkout-checkout-payment', '{}')).toBe('/ar/checkout/checkout-payment');
  expect(routeBackPath('ar', 'checkout-checkout-payment', null)).toBe('/ar/checkout/checkout-payment');
});

test.each([
  ['unknown name', 'https://evil.example', '{}'],
  ['malformed JSON', 'single-product-id', '{id:'],
  ['missing param', 'single-product-id', '{}'],
  ['path in a param', 'single-product-id', '{"id":"../../evil"}'],
  ['protocol-relative param', 'single-product-id', '{"id":"//evil.example"}'],
  ['array params', 'single-product-id', '["1"]'],
  ['no name', null, null],
])('ASVS V3.7.2: %s falls back to home, never off-site', (_case, name, params) => {
  expect(routeBackPath('en', name, params)).toBe('/en/');
});

test('a page path maps back to its route name', () => {
  expect(routeOfPath('/ar/single-product/7')).toEqual({ name: 'single-product-id', params: { id: '7' } });
  expect(routeOfPath('/en/checkout/cart')).toEqual({ name: 'checkout-cart', params: {} });
  expect(routeOfPath('/en/')).toEqual({ name: 'index', params: {} });
  expect(routeOfPath('/en/nowhere')).toBeNull();
});
