import type { Page } from '@playwright/test';
import { catalog, listingOf, pick, storedCart } from './cart-support.ts';
import { expect, test } from './fixtures.ts';

/** Holds every request for React's renderer until `release()` is called: islands stay server HTML until then. */
async function holdReact(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/client\.[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const notHydrated = (page: Page, component: string) =>
  expect(page.locator(`astro-island[component-url*="${component}"][ssr]`).first()).toBeAttached();

test('"Add to cart" tapped the moment the card paints, before React runs, still adds the item', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const product = pick(await catalog(request, shopLocale), (p) => p.stock > 2, 'product in stock');
  const release = await holdReact(page);
  await page.goto(at(listingOf(product)));
  const card = page.locator(`[data-product-card="${product.id}"]`);
  await notHydrated(page, 'CardActions');
  await card.getByRole('button', { name: t.cart.addToCart }).click();
  // Nothing can have run yet: the tap is held by the grid's island, not lost.
  await notHydrated(page, 'CardActions');
  release();
  await expect(card.getByRole('group', { name: t.cart.quantity }).locator('output')).toHaveText('1');
  await expect(page.getByText(t.cart.itemAdded)).toBeVisible();
  const lines = JSON.parse((await storedCart(page))!).cartsProducts as { product: { id: number }; quantity: number }[];
  expect(lines).toEqual([expect.objectContaining({ product: expect.objectContaining({ id: product.id }), quantity: 1 })]);
});

test('the search box answers the first keystrokes typed before it hydrated', async ({ page, at, t, shopLocale }) => {
  const release = await holdReact(page);
  await page.goto(at('/about-us'));
  const box = page.getByRole('combobox', { name: t.nav.searchLabel }).first();
  await box.click();
  await page.keyboard.type(shopLocale === 'ar' ? 'مطحنة' : 'grinder');
  await notHydrated(page, 'SearchBox');
  release();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(box).toHaveValue(shopLocale === 'ar' ? 'مطحنة' : 'grinder');
});

test('content pages run no React until the shopper reaches for an island', async ({ page, at }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(at('/about-us'));
  await page.locator('[data-mini-cart][data-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /\/client\.[\w-]+\.js$/.test(s))).toEqual([]);
  // Hovering the cart wakes the mini-cart.
  await page.locator('[data-mini-cart] summary').hover();
  await expect(page.locator('astro-island[component-url*="MiniCart"]:not([ssr])')).toBeAttached();
});
