import type { Page } from '@playwright/test';
import { catalog, listingOf, pick } from './cart-support.ts';
import { expect, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';

/**
 * Consent before measurement (decision 011): the e2e build has GTM_ID=GTM-TEST123. There is no internet here, so
 * the tag manager's URL is intercepted: every request to it is counted and answered with an empty script.
 */
test.use({ consent: 'ask' });

async function watchTagManager(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtm stand-in */' });
  });
  return requests;
}

const events = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((e): e is { event: string; ecommerce: any } => typeof e === 'object' && e !== null && 'event' in e)
      .map((e) => ({ event: e.event, ecommerce: e.ecommerce })),
  );

test('consent given: the container loads, and the data layer gets view_item_list and add_to_cart in EGP', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const gtm = await watchTagManager(page);
  const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 1, 'product in stock');
  await page.goto(at(listingOf(product)));
  const banner = page.getByRole('region', { name: t.consent.title });
  await expect(banner).toBeVisible();
  // The banner itself against WCAG 2.2 AA (the every-template check runs with the question already answered).
  await accessibleAt(page, undefined, { within: '[data-consent-banner]' });
  expect(gtm).toEqual([]);
  await banner.getByRole('button', { name: t.consent.accept }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => gtm.length).toBe(1);
  expect(gtm[0]).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST123');
  expect((await events(page)).map((e) => e.event)).toContain('view_item_list');

  await page.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
  await expect
    .poll(async () => (await events(page)).find((e) => e.event === 'add_to_cart')?.ecommerce)
    .toEqual({
      currency: 'EGP',
      value: product.price / 100,
      items: [{ item_id: String(product.id), item_name: product.name, price: product.price / 100, quantity: 1 }],
    });
  // Remembered: the next page loads the container without asking.
  await page.reload();
  await expect(banner).toBeHidden();
  await expect.poll(() => gtm.length).toBe(2);
});

test('refused: no request to the tag manager, ever; the footer reopens the choice', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const gtm = await watchTagManager(page);
  const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 1, 'product in stock');
  await page.goto(at('/'));
  const banner = page.getByRole('region', { name: t.consent.title });
  await banner.getByRole('button', { name: t.consent.reject }).click();
  await expect(banner).toBeHidden();
  await page.goto(at(listingOf(product)));
  await expect(banner).toBeHidden();
  await page.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
  await page.goto(at(`/single-product/${product.id}`));
  await page.getByRole('button', { name: t.consent.settings }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: t.consent.reject })).toBeFocused();
  await banner.getByRole('button', { name: t.consent.reject }).click();
  await page.waitForTimeout(300);
  expect(gtm).toEqual([]);
});

test('at 390 px the banner, fixed to the bottom, leaves the product page add-to-cart button reachable and uncovered', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 1, 'product in stock');
  await page.goto(at(`/single-product/${product.id}`));
  const banner = page.getByRole('region', { name: t.consent.title });
  await expect(banner).toBeVisible();
  expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  const add = page.locator('main').getByRole('button', { name: t.cart.addToCart }).first();
  await add.scrollIntoViewIfNeeded();
  const box = (await add.boundingBox())!;
  const bannerTop = (await banner.boundingBox())!.y;
  expect(box.y + box.height).toBeLessThanOrEqual(bannerTop);
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent?.trim(),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe(t.cart.addToCart);
});

test('the page says which tag-manager origin it may load, in its CSP, and nothing else', async ({ page, at }) => {
  await page.goto(at('/'));
  const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  expect(csp).toContain('https://www.googletagmanager.com');
  expect(csp).not.toContain('unsafe-inline');
});
