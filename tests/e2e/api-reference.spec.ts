import { expect, test } from './fixtures.ts';
import { accessibleAt, shopShell } from './template-checks.ts';

/**
 * Issue 42: the API guide in the shop's language (both directions), and the full reference it links to: Redoc, served
 * by the shop itself (no CDN), drawing the public OpenAPI document with nothing refused by the page's policy.
 */
test('the API guide reads in the shop’s language and opens the full reference', async ({ page, at, t, shopLocale }) => {
  const refusedByPolicy: string[] = [];
  page.on('console', (message) => {
    // Redoc's attribution logo is on Redocly's CDN: the page's policy keeps it out (Redoc then shows its text alone).
    // Anything else refused (the script, Redoc's styles, the document) would be a page that does not draw.
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy/i.test(text) && !text.includes('https://cdn.redoc.ly/'))
      refusedByPolicy.push(text);
  });
  const outside: string[] = [];
  // What the browser actually fetched (a request the policy blocked fails, it does not finish).
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http')) outside.push(url.href);
  });

  await page.goto(at('/api-reference'));
  await expect(page.locator('html')).toHaveAttribute('lang', shopLocale === 'ar' ? 'ar' : 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', shopLocale === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: t.apiGuide.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t.apiGuide.authTitle })).toBeVisible();
  await expect(page.getByText(t.apiGuide.languagesText)).toBeVisible();
  // The code samples stay left to right inside the Arabic page.
  await expect(page.locator('pre', { hasText: 'Authorization: Bearer' })).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('pre', { hasText: '/api/openapi.json' })).toBeVisible();
  await accessibleAt(page, undefined, { without: shopShell });

  await page.getByRole('link', { name: t.apiGuide.referenceLink }).click();
  await expect(page).toHaveURL(/\/api\/reference$/);
  // Redoc has drawn the document (its title and each tag's operations), in place of the page's own list.
  await expect(page.locator('[data-operations]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Bean Bazaar API (1.0.0)' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'get /products', exact: true })).toBeVisible();
  expect(refusedByPolicy).toEqual([]);
  expect(outside).toEqual([]);
});

test('the reference lists every operation without script, for a reader or a server without Redoc', async ({ request }) => {
  const response = await request.get('/api/reference');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  const page = await response.text();
  expect(page).toContain('<code>GET /api/products</code>');
  expect(page).toContain('A page of product cards: filtered, searched, sorted');
  const script = await request.get('/api/reference/redoc.standalone.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toContain('javascript');
});
