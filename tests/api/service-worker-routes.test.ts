import { afterAll, expect, test } from 'vitest';
import { swRouteFor } from '../../src/pwa/sw-routes.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The service worker's routing table (src/pwa/sw-routes.ts) over the API's real routing table: every GET route the
 * app has, present and future, goes straight to the network unless it is one of the catalog's public reads (the same
 * answer for every shopper) or a picture. A new route about one shopper is safe by default; this fails if it is not.
 */
const { api, close } = await testApi();
afterAll(close);

const PUBLIC_READS = new Set([
  '/api/categories',
  '/api/products',
  '/api/products/:slug',
  // A product's approved reviews (issue 52): the same for everyone; the shopper's own review is not (none).
  '/api/products/:id/reviews',
  '/api/variants/:id',
  '/api/vendor_details/:id',
  '/api/sliders',
  '/api/advertisements',
  '/api/shipping-steps',
  '/api/brands',
  '/api/autocomplete',
]);
const PICTURES = new Set(['/api/media/art/:file', '/api/media/products/:file']);
const ORIGIN = 'https://beanbazaar.example';

test('the service worker answers no API route but the public catalog reads and pictures', () => {
  const gets = [...new Set(api.routes.filter((r) => r.method === 'GET').map((r) => r.path))];
  expect(gets.length).toBeGreaterThan(20);
  expect(gets).toEqual(expect.arrayContaining([...PUBLIC_READS, ...PICTURES]));
  for (const path of gets) {
    const url = `${ORIGIN}${path.replace(/:[a-z_]+(\{[^}]*\})?/g, '7').replace(/\/\*$/, '/x')}`;
    const expected = PUBLIC_READS.has(path) ? 'catalog-api' : PICTURES.has(path) ? 'image' : 'none';
    expect({ path, route: swRouteFor({ url, method: 'GET', mode: 'cors' }, ORIGIN) }).toEqual({ path, route: expected });
  }
});
