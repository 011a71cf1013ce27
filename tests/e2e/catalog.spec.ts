import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const priceOf = (text: string) => Number(/[\d,]+(\.\d+)?/.exec(text)![0].replace(/,/g, ''));
const cardPrices = async (page: Page) =>
  (await page.locator('[data-product-card] p.mt-auto > span bdi').allTextContents()).map(priceOf);

test.describe('catalog', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('category from the navbar, filter, sort, page 2, Back, product, variant', async ({ page, at, t, shopLocale }) => {
    await page.goto(at('/'));
    const nav = page.getByRole('navigation', { name: t.nav.categories });
    const coffee = shopLocale === 'ar' ? 'قهوة' : 'Coffee';
    await nav.getByText(coffee, { exact: true }).click();
    // Arabic "all" takes the article: "كل القهوة", never "كل قهوة" (issue 20).
    const allCoffee = shopLocale === 'ar' ? 'كل القهوة' : 'All Coffee';
    await nav.getByRole('link', { name: allCoffee, exact: true }).click();
    await expect(page).toHaveURL(/\/products\?category=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(coffee);

    // A filter: in stock only (the form submits itself and the state goes into the URL).
    // click, not check(): the form submits on change and the page navigates before check() could verify it.
    await page.getByRole('checkbox', { name: t.catalog.inStockOnly, exact: true }).click();
    await expect(page).toHaveURL(/in_stock=true/);
    await expect(page.getByRole('link', { name: t.catalog.removeFilter.replace('{filter}', '') }).first()).toBeVisible();
    await expect(page.getByText(t.catalog.outOfStock, { exact: true }).filter({ visible: true })).toHaveCount(0);

    // Sort by price, low to high.
    await page.locator('select[name="sort"]').selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    const firstPage = await cardPrices(page);
    expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));

    // Page 2 keeps the filter and the sort; Back returns to page 1.
    await page.getByRole('link', { name: t.products.nextPage }).click();
    await expect(page).toHaveURL(/in_stock=true&sort=price_asc&page=2/);
    const secondPage = await cardPrices(page);
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1)!);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    expect(await cardPrices(page)).toEqual(firstPage);

    // Open a coffee with two weights and switch the weight.
    await page.locator('[data-product-card] h3 a').first().click();
    await expect(page).toHaveURL(/\/single-product\/\d+/);
    const summary = page.locator('[data-product-live]');
    await expect(summary).toHaveAttribute('data-live-ready', '');
    const price = summary.locator('[data-live-price]');
    const before = await price.textContent();
    const otherId = await summary.locator('a[data-variant][aria-current="false"]').first().getAttribute('data-variant');
    const other = summary.locator(`a[data-variant="${otherId}"]`);
    await other.click();
    await expect(page).toHaveURL(new RegExp(`/single-product/${otherId}$`));
    await expect(other).toHaveAttribute('aria-current', 'true');
    await expect(price).not.toHaveText(before!);
  });

  test('search by keyboard only: type, arrows, Enter', async ({ page, at, t, shopLocale }) => {
    await page.goto(at('/'));
    const box = page.getByRole('combobox', { name: t.nav.searchLabel }).first();
    await box.focus();
    await page.keyboard.type(shopLocale === 'ar' ? 'مطحنة' : 'grinder');
    // The search's own list: a product page also has the reviews' sort, a select with options of its own (issue 52).
    const options = page.locator('ul[role="listbox"]').getByRole('option');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    const name = (await options.nth(1).locator('span span').first().textContent())!;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/single-product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    // Escape closes the list; without a highlight, Enter searches the listing.
    await box.focus();
    await page.keyboard.type('kettle');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(options).toHaveCount(0);
    await box.fill('');
    await box.focus();
    await page.keyboard.type('kettle');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\?query=kettle$/);
    await expect(page.locator('[data-product-card]').first()).toBeVisible();
  });

  test('a typo and a different alef form still find the product', async ({ page, at, t }) => {
    for (const query of ['yirgachefe', 'أثيوبيا يرغاتشيف', 'اثيوبيا يرغاتشيف']) {
      await page.goto(at(`/products?query=${encodeURIComponent(query)}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.products.resultsFor.replace('{query}', query));
      await expect(page.locator('[data-product-card]').first()).toContainText(/Yirgacheffe|يرغاتشيف/);
    }
    await page.goto(at('/products?query=zzzqqqxx'));
    await expect(page.getByText(t.products.noProducts, { exact: true })).toBeVisible();
  });

  test('the product page carries JSON-LD Product, Offer and BreadcrumbList', async ({ page, at }) => {
    await page.goto(at('/single-product/1'));
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((b) => JSON.parse(b));
    const product = data.find((d) => d['@type'] === 'Product');
    expect(product.name).toBe(await page.getByRole('heading', { level: 1 }).textContent());
    expect(product.image[0]).toMatch(/^https?:\/\/.+\.svg$/);
    expect(product.sku).toMatch(/^CM-\d+/);
    expect(Number(product.offers.price)).toBeGreaterThan(0);
    expect(product.offers.priceCurrency).toBe('EGP');
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.length).toBeGreaterThanOrEqual(4);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/single-product\/1$/);
    await expect(page.locator('link[hreflang="ar"]')).toHaveAttribute('href', /\/ar\/single-product\/1$/);
    // Shared links show a raster image (social networks ignore SVG): the shop's card until products get their own.
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/share\/og-default\.png$/);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const image = await page.request.get(
      await page
        .locator('meta[property="og:image"]')
        .getAttribute('content')
        .then((u) => new URL(u!).pathname),
    );
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('price and stock shown are refreshed from the API after load', async ({ page, at, t }) => {
    await page.route('**/api/variants/1?*', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data[0].price = 12345600;
      body.data[0].stock = 0;
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(at('/single-product/1'));
    await expect(page.locator('[data-live-price]')).toContainText('123,456');
    await expect(page.locator('[data-live-stock]')).toHaveText(t.catalog.outOfStock);
  });

  test('the seller page links from the product and searches on itself', async ({ page, at, request, shopLocale }) => {
    await page.goto(at('/single-product/1'));
    const sellerName = (await page.locator('[data-seller-link]').textContent())!;
    await page.locator('[data-seller-link]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sellerName);
    const path = new URL(page.url()).pathname;
    const search = page.locator('[data-seller-search] input');
    await search.fill('1 kg');
    await search.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === path && url.searchParams.get('query') === '1 kg');
    const cards = page.locator('[data-product-card]');
    await expect(cards.first()).toBeVisible();
    expect(await page.locator('[data-filter-card="seller"]').count()).toBe(0);
    // Exactly this seller's matches: the page keeps its seller filter while searching.
    const sellerId = path.split('/').pop();
    const lang = shopLocale === 'ar' ? 'ar-SA' : 'en-US';
    const api = await (await request.get(`/api/products?seller=${sellerId}&query=1%20kg&per_page=60&lang=${lang}`)).json();
    const shown = (await cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-product-card'))))).sort();
    expect(shown).toEqual((api.data as { id: number }[]).map((p) => p.id).sort());
  });
  test('/seller-profile without an id is a searchable directory of sellers', async ({ page, at, t, shopLocale }) => {
    await page.goto(at('/seller-profile'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.catalog.sellersTitle);
    const cards = page.locator('[data-seller-card]');
    // The eight demo sellers, and any the partners journey approved meanwhile.
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8);
    // Each card: logo, name, city, rating and product count.
    const nile = cards.filter({ hasText: shopLocale === 'ar' ? 'محمصة النيل' : 'Nile Roasters' });
    await expect(nile.locator('img')).toBeVisible();
    await expect(nile).toContainText(shopLocale === 'ar' ? 'القاهرة الجديدة' : 'New Cairo');
    await expect(nile.getByRole('img', { name: /\d/ })).toBeVisible();
    await expect(nile).toContainText(/\d/);
    // The search stays on this page by setting ?query=, and finds a city written in either language.
    const search = page
      .getByRole('searchbox', { name: t.catalog.searchSellers })
      .or(page.getByRole('textbox', { name: t.catalog.searchSellers }));
    await search.fill('Alexandria');
    await search.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === at('/seller-profile') && url.searchParams.get('query') === 'Alexandria',
    );
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(shopLocale === 'ar' ? 'الإسكندرية' : 'Alexandria');
    await cards.click();
    await expect(page).toHaveURL(/\/seller-profile\/\d+$/);
    await expect(page.locator('[data-product-card]').first()).toBeVisible();
    // Nothing found: said so, with a way back to every seller.
    await page.goto(at('/seller-profile?query=zzzz'));
    await expect(page.locator('main')).toContainText(t.catalog.noSellers.replace('{query}', 'zzzz'));
    await page.getByRole('link', { name: t.catalog.allSellers }).click();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8);
  });
  test("the product gallery's strip is reached with Tab and scrolls with the arrow keys", async ({ page, at, shopLocale }) => {
    await page.goto(at('/single-product/1'));
    const track = page.locator('[data-gallery] [data-carousel-track]');
    test.skip((await page.locator('[data-gallery] [data-carousel-thumb]').count()) < 2, 'product 1 has one image');
    await track.focus();
    await expect(track).toBeFocused();
    await page.keyboard.press(shopLocale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect.poll(() => track.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(0);
  });
});
