import { expect, test } from 'vitest';
import { checkoutHref, loginPath } from './checkout-links.ts';

test('a guest goes to login with routeBack and routeParams; a logged-in shopper to the payment step', () => {
  expect(checkoutHref('en', false)).toBe('/en/login?routeBack=checkout-checkout-payment&routeParams=%7B%7D');
  expect(checkoutHref('ar', true)).toBe('/ar/checkout/checkout-payment');
  const url = new URL(loginPath('ar', 'single-product-id', { id: '12' }), 'http://x');
  expect(url.pathname).toBe('/ar/login');
  expect(JSON.parse(url.searchParams.get('routeParams')!)).toEqual({ id: '12' });
});
