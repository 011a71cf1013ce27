import { expect, test } from 'vitest';
import { lowPriority, pagesToKeep } from './sw-start.ts';

const ORIGIN = 'https://beanbazaar.example';

test('the shop pages a tab showed before the worker ran are kept for offline, each once', () => {
  const keep = [`${ORIGIN}/en/`, `${ORIGIN}/en/products?category=1`, `${ORIGIN}/en/`, `${ORIGIN}/ar/single-product/4`];
  expect(pagesToKeep({ keep: ` ${keep.join(' ')}` }, ORIGIN)).toEqual([
    `${ORIGIN}/en/`,
    `${ORIGIN}/en/products?category=1`,
    `${ORIGIN}/ar/single-product/4`,
  ]);
});

test('never the desk, the portal, an account page, the payment step or another site; nothing from a stray message', () => {
  const keep = [
    `${ORIGIN}/en/admin/orders`,
    `${ORIGIN}/ar/seller`,
    `${ORIGIN}/en/profile`,
    `${ORIGIN}/en/checkout/checkout-payment`,
    'https://elsewhere.example/en/',
    'not-a-url',
  ];
  expect(pagesToKeep({ keep: ` ${keep.join(' ')}` }, ORIGIN)).toEqual([]);
  expect(pagesToKeep('update-ready', ORIGIN)).toEqual([]);
  expect(pagesToKeep(null, ORIGIN)).toEqual([]);
  expect(pagesToKeep({ keep: [`${ORIGIN}/en/`] }, ORIGIN)).toEqual([]);
});

test('a long session keeps its latest pages only', () => {
  const keep = Array.from({ length: 30 }, (_, i) => `${ORIGIN}/en/single-product/${i}`);
  expect(pagesToKeep({ keep: ` ${keep.join(' ')}` }, ORIGIN, 20)).toEqual(keep.slice(10));
});

test('the shell is fetched at low priority, the request otherwise unchanged', async () => {
  const request = new Request(`${ORIGIN}/_astro/client.abc.js`, { credentials: 'same-origin' });
  const fetched = await lowPriority.requestWillFetch({ request });
  expect(fetched.url).toBe(request.url);
  expect(fetched.credentials).toBe('same-origin');
});
