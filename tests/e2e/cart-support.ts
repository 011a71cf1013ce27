import type { APIRequestContext, Page } from '@playwright/test';
import { apiLang, type Locale } from '../../src/i18n/locales.ts';
import type { ProductCard } from '../../src/lib/types.ts';
import { QUIET_MS } from '../../src/lib/after-start-up.ts';
import { hydrated } from './fixtures.ts';

/** The first products of the demo catalog in the project's language. */
export async function catalog(request: APIRequestContext, locale: Locale): Promise<ProductCard[]> {
  const res = await request.get(`/api/products?per_page=60&lang=${apiLang(locale)}`);
  return ((await res.json()) as { data: ProductCard[] }).data;
}

/** A product matching `test`, or a clear failure when the seed has none. */
export function pick(products: ProductCard[], test: (p: ProductCard) => boolean, what: string): ProductCard {
  const found = products.find(test);
  if (!found) throw new Error(`the demo catalog has no ${what}`);
  return found;
}

/** The listing that shows a product: its sub-category, everything on one page. */
export const listingOf = (p: ProductCard) => `/products?category=${p.category.id}&subCategory=${p.sub_category.id}&per_page=60`;

/** The stored cart line of a product, as a card adds it. */
export const lineOf = (p: ProductCard, quantity: number, overrides: Record<string, unknown> = {}) => ({
  product: {
    id: p.id,
    name: p.name,
    price: p.price,
    beforeDiscount: p.beforeDiscount,
    images: [p.img],
    stock: p.stock,
    ...overrides,
  },
  quantity,
});

/** Waits until the cart scripts have run (toasts asked for before the toast host hydrates are queued, not lost). */
export async function cartReady(page: Page, { fakeClock = false } = {}) {
  await page.locator('[data-mini-cart][data-ready]').waitFor({ state: 'attached' });
  // Card controls hydrate once visible, after the page's start-up (the first tap or key, or a few quiet seconds: src/lib/
  // after-start-up.ts) and when the browser is idle: a key that does nothing ends the start-up as a shopper's first
  // tap would; under a fake clock the quiet time passes when the test moves time.
  if (fakeClock) await page.clock.runFor(QUIET_MS + 100);
  if (await page.locator('[data-cart-control]').count()) {
    if (!fakeClock) await page.keyboard.press('Shift');
    await page.locator('[data-cart-control][data-ready]').first().waitFor({ state: 'attached' });
  }
  if (await page.locator('astro-island[component-url*="CartPage"]').count()) await hydrated(page, 'CartPage');
}

/** Writes the `cart` value the way a previous visit (or a curious shopper) left it, then opens `path`. */
export async function openWithStoredCart(page: Page, path: string, value: string) {
  // A same-origin page without cart scripts, so nothing of the shop rewrites the value meanwhile.
  await page.goto('/api/health');
  await page.evaluate((v) => localStorage.setItem('cart', v), value);
  await page.goto(path);
}

export const storedCart = (page: Page) => page.evaluate(() => localStorage.getItem('cart'));
