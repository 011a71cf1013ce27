import type { APIRequestContext, Page } from '@playwright/test';
import { apiLang, type Locale } from '../../src/i18n/locales.ts';
import type { ProductCard } from '../../src/lib/types.ts';
import { formatMoney } from '../../src/i18n/format.ts';
import { interpolate } from '../../src/i18n/interpolate.ts';
import { catalog, cartReady, lineOf, listingOf, openWithStoredCart, pick, storedCart } from './cart-support.ts';
import { expect, hydrated, test, answerConsent } from './fixtures.ts';
import { createE2eShopper, logIn } from './login.ts';

/** A shopper with a bearer header for checking the server's side of things. */
const createShopper = async (request: APIRequestContext) => {
  const shopper = await createE2eShopper(request);
  return { ...shopper, headers: { authorization: `Bearer ${shopper.token}` } };
};
type E2eShopper = Awaited<ReturnType<typeof createShopper>>;

/** Logs in (tests/e2e/login.ts) and lands back on the current page, as the login page will. */
const logInHere = async (page: Page, shopper: E2eShopper) => {
  const here = page.url();
  await logIn(page, shopper);
  await page.goto(here);
};

interface ServerLine {
  product: { id: number };
  quantity: number;
}

const serverCart = async (request: APIRequestContext, shopper: E2eShopper, locale: Locale) => {
  const res = await request.get(`/api/shopping-cart?lang=${apiLang(locale)}`, { headers: shopper.headers });
  return ((await res.json()) as { data: { items: ServerLine[] } }).data.items.map((i) => [i.product.id, i.quantity]);
};

const storedLines = async (page: Page) =>
  (JSON.parse((await storedCart(page)) ?? '{}') as { cartsProducts?: ServerLine[] }).cartsProducts?.map((l) => [
    l.product.id,
    l.quantity,
  ]);

/** Four products in stock (at least 4 each), distinct. */
function fourProducts(products: ProductCard[]): [ProductCard, ProductCard, ProductCard, ProductCard] {
  const found = products.filter((p) => p.stock >= 4 && p.stock <= 50).slice(0, 4);
  if (found.length < 4) throw new Error('the demo catalog has fewer than 4 products with stock 4..50');
  return found as [ProductCard, ProductCard, ProductCard, ProductCard];
}

test.describe('the cart follows the shopper', () => {
  test('a guest cart of 3 lines and an account cart of 2 (one product in both) become one cart after login', async ({
    page,
    request,
    at,
    shopLocale,
  }) => {
    const [shared, g2, g3, a2] = fourProducts(await catalog(request, shopLocale));
    const shopper = await createShopper(request);
    const seeded = await request.post('/api/shopping-cart', {
      headers: shopper.headers,
      data: {
        products: [
          { product_id: shared.id, quantity: 2 },
          { product_id: a2.id, quantity: 1 },
        ],
      },
    });
    expect(seeded.status()).toBe(200);

    const guest = [lineOf(shared, 1), lineOf(g2, 2), lineOf(g3, 1)];
    await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: guest }));
    await cartReady(page);
    await expect(page.locator('[data-cart-line]')).toHaveCount(3);

    await logInHere(page, shopper);
    const merged = [
      [shared.id, 3],
      [g2.id, 2],
      [g3.id, 1],
      [a2.id, 1],
    ];
    await expect.poll(() => serverCart(request, shopper, shopLocale)).toEqual(merged);
    await expect.poll(() => storedLines(page)).toEqual(merged);
    await expect(page.locator('[data-cart-line]')).toHaveCount(4);
    await expect(page.locator(`[data-cart-line="${shared.id}"] output`)).toHaveText('3');

    // A second tab of the same browser, and a later visit: still one cart, never merged twice.
    const other = await page.context().newPage();
    await other.goto(at('/checkout/cart'));
    await expect(other.locator(`[data-cart-line="${shared.id}"] output`)).toHaveText('3');
    await page.reload();
    await expect(page.locator(`[data-cart-line="${shared.id}"] output`)).toHaveText('3');
    await expect.poll(() => serverCart(request, shopper, shopLocale)).toEqual(merged);
    await expect.poll(() => storedLines(other)).toEqual(merged);
  });

  test('the cart appears on a second browser logged in as the same shopper, and follows its changes', async ({
    page,
    browser,
    request,
    at,
    t,
    shopLocale,
  }) => {
    const products = await catalog(request, shopLocale);
    const first = pick(products, (p) => p.stock >= 2, 'product in stock');
    const second = pick(
      products,
      (p) => p.stock >= 2 && p.id !== first.id && p.sub_category.id === first.sub_category.id,
      'neighbour',
    );
    const shopper = await createShopper(request);
    await page.goto(at(listingOf(first)));
    await logInHere(page, shopper);
    await page.locator(`[data-product-card="${first.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    await expect.poll(() => serverCart(request, shopper, shopLocale)).toEqual([[first.id, 1]]);

    const laptop = await browser.newContext({ locale: shopLocale === 'ar' ? 'ar-EG' : 'en-US' });
    await answerConsent(laptop);
    const other = await laptop.newPage();
    await other.goto(at('/checkout/cart'));
    await logInHere(other, shopper);
    await expect(other.locator(`[data-cart-line="${first.id}"]`)).toContainText(first.name);

    // A change on the second device (a removal included) reaches the first on its next visit.
    await other.goto(at(listingOf(second)));
    await other.locator(`[data-product-card="${second.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    await other.locator(`[data-product-card="${first.id}"]`).getByRole('button', { name: t.cart.decrease }).click();
    await expect.poll(() => serverCart(request, shopper, shopLocale)).toEqual([[second.id, 1]]);
    await page.goto(at('/checkout/cart'));
    await expect(page.locator('[data-cart-line]')).toHaveCount(1);
    await expect(page.locator(`[data-cart-line="${second.id}"]`)).toBeVisible();
    await laptop.close();
  });
});

test.describe('issue 19: a slow network never drops a line', () => {
  /** Holds every matching request for 2.5 s before it goes to the server (a slow phone network). */
  const slow = (page: Page, path: string, method: string) =>
    page.route(
      (url) => url.pathname === path,
      async (route) => {
        if (route.request().method() !== method) return route.fallback();
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await route.fallback().catch(() => undefined);
      },
    );

  /** A new shopper, logged in, on the listing of a product in stock, its cart scripts ready. */
  const onListingLoggedIn = async (page: Page, request: APIRequestContext, at: (p: string) => string, locale: Locale) => {
    const product = pick(await catalog(request, locale), (p) => p.stock >= 2, 'product in stock');
    const shopper = await createShopper(request);
    await page.goto(at(listingOf(product)));
    await logInHere(page, shopper);
    await cartReady(page);
    return { product, shopper };
  };

  test('with the cart save taking 2.5 s: add, open the cart at once → the line is on the cart page and on the server', async ({
    page,
    request,
    at,
    t,
    shopLocale,
  }) => {
    const { product, shopper } = await onListingLoggedIn(page, request, at, shopLocale);
    await slow(page, '/api/shopping-cart', 'POST');
    await page.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    // Straight to the cart: the save in flight is cut off by the navigation.
    await page.goto(at('/checkout/cart'));
    await expect(page.locator(`[data-cart-line="${product.id}"]`)).toBeVisible();
    await expect.poll(() => serverCart(request, shopper, shopLocale), { timeout: 15_000 }).toEqual([[product.id, 1]]);
    await page.reload();
    await expect(page.locator(`[data-cart-line="${product.id}"]`)).toBeVisible();
  });

  test('with the session restore taking 2.5 s: a line added as the page opens stays, and reaches the server', async ({
    page,
    request,
    at,
    t,
    shopLocale,
  }) => {
    const { product, shopper } = await onListingLoggedIn(page, request, at, shopLocale);
    await slow(page, '/api/auth/refresh', 'POST');
    await page.reload();
    await cartReady(page);
    await page.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    await expect.poll(() => storedLines(page)).toEqual([[product.id, 1]]);
    // The session arrives with the (empty) server cart: the line is reconciled in, not wiped.
    await expect.poll(() => serverCart(request, shopper, shopLocale), { timeout: 15_000 }).toEqual([[product.id, 1]]);
    await page.goto(at('/checkout/cart'));
    await expect(page.locator(`[data-cart-line="${product.id}"]`)).toBeVisible();
    expect(await storedLines(page)).toEqual([[product.id, 1]]);
  });

  test('a navigation while the first merge is being saved does not merge the guest cart twice', async ({
    page,
    request,
    at,
    shopLocale,
  }) => {
    const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 5, 'product in stock');
    const shopper = await createShopper(request);
    await logIn(page, shopper);
    // The save reaches the server at once, but its answer comes 2.5 s later: the shopper has moved on by then.
    await page.route(
      (url) => url.pathname === '/api/shopping-cart',
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await route.fulfill({ response }).catch(() => undefined);
      },
    );
    await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
    await expect.poll(() => serverCart(request, shopper, shopLocale)).toEqual([[product.id, 1]]);
    await page.goto(at('/checkout/cart'));
    await expect(page.locator(`[data-cart-line="${product.id}"]`)).toBeVisible();
    // The new page settles with the server on one unit (its base in storage), never two.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cart-synced')))
      .toBe(JSON.stringify([{ product_id: product.id, quantity: 1 }]));
    expect(await serverCart(request, shopper, shopLocale)).toEqual([[product.id, 1]]);
    expect(await storedLines(page)).toEqual([[product.id, 1]]);
  });
});

test.describe('wishlist', () => {
  test('toggle on a card and on the product page; removal on the wishlist page', async ({ page, request, at, t, shopLocale }) => {
    const products = await catalog(request, shopLocale);
    const onCard = pick(products, (p) => p.stock >= 1 && p.beforeDiscount !== null, 'product on sale, in stock');
    const onPage = pick(
      products,
      (p) => p.stock >= 1 && p.id !== onCard.id && p.sub_category.id !== onCard.sub_category.id,
      'other product',
    );
    const shopper = await createShopper(request);
    await page.goto(at(listingOf(onCard)));
    await logInHere(page, shopper);

    const cardHeart = page
      .locator(`[data-product-card="${onCard.id}"]`)
      .getByRole('button', { name: interpolate(t.wishlist.add, { name: onCard.name }) });
    await cardHeart.click();
    await expect(page.getByText(t.wishlist.added)).toBeVisible();
    const pressed = page.locator(`[data-product-card="${onCard.id}"] [data-wishlist-heart]`);
    await expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await expect(pressed).toHaveAccessibleName(interpolate(t.wishlist.remove, { name: onCard.name }));

    await page.goto(at(`/single-product/${onPage.id}`));
    // A tap before the heart hydrates does nothing (a CI run under load saw it): the shopper's tap after it does.
    await hydrated(page, 'WishlistHeart');
    const pageHeart = page.locator(`[data-wishlist-heart="${onPage.id}"]`);
    await pageHeart.click();
    await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');

    await page.goto(at('/profile/my-wish-list'));
    const items = page.locator('[data-wishlist-item]');
    await expect(items).toHaveCount(2);
    await expect(page.locator(`[data-wishlist-item="${onCard.id}"]`)).toContainText(onCard.name);
    // The wishlist card keeps what the product card shows: its rating and its previous price (issue 20).
    const saved = page.locator(`[data-wishlist-item="${onCard.id}"]`);
    await expect(saved.locator('[data-stars]')).toHaveAccessibleName(interpolate(t.products.rating, { rate: onCard.rate }));
    await expect(saved.locator('[data-previous-price]')).toContainText(formatMoney(onCard.beforeDiscount!, shopLocale));
    // Add to cart from the wishlist.
    await page.locator(`[data-wishlist-item="${onPage.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    await expect.poll(() => serverCart(request, shopper, shopLocale)).toEqual([[onPage.id, 1]]);

    // Removing from the wishlist page asks first (confirm.spec.ts covers the dialog itself).
    const confirm = page.getByRole('alertdialog').getByRole('button', { name: t.wishlist.confirmRemove });
    await page.locator(`[data-wishlist-item="${onCard.id}"] [data-wishlist-heart]`).click();
    await confirm.click();
    await expect(items).toHaveCount(1);
    await page.locator(`[data-wishlist-item="${onPage.id}"] [data-wishlist-heart]`).click();
    await confirm.click();
    await expect(page.locator('[data-wishlist-empty]')).toContainText(t.wishlist.empty);
    const list = await request.get('/api/wishlist', { headers: shopper.headers });
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  });

  test('a shopper finds hearts on related cards below the fold without scrolling to them first', async ({
    page,
    request,
    at,
  }) => {
    const shopper = await createShopper(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(at('/single-product/1'));
    await logInHere(page, shopper);
    // The grid's island wakes when the session turns out to be a shopper's, not only when the grid comes on screen.
    const related = page.locator('section[aria-labelledby="related-title"]');
    await expect(related).not.toBeInViewport();
    await expect(related.locator('[data-wishlist-heart]').first()).toBeAttached();
    await expect(related).not.toBeInViewport();
  });

  test("a guest sees no hearts on cards, and the product page's heart says 'You Should Login First'", async ({
    page,
    request,
    at,
    t,
    shopLocale,
  }) => {
    const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 1, 'product in stock');
    await page.goto(at(listingOf(product)));
    // The cards' places for hearts stay empty for guests, even once the grid's island has made the cart controls live.
    await page.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }).hover();
    await hydrated(page, 'CardActions');
    await page.locator(`[data-product-card="${product.id}"] [data-cart-control][data-ready]`).waitFor();
    expect(await page.locator('[data-card-heart]').count()).toBeGreaterThan(0);
    await expect(page.locator('[data-card-heart] *')).toHaveCount(0);
    await expect(page.locator('[data-wishlist-heart]')).toHaveCount(0);

    await page.goto(at(`/single-product/${product.id}`));
    await page.locator(`[data-wishlist-heart="${product.id}"]`).click();
    await expect(page.getByText(t.wishlist.loginFirst)).toBeVisible();
    await hydrated(page, 'WishlistHeart');
    await expect(page.locator(`[data-wishlist-heart="${product.id}"]`)).toHaveAttribute('aria-pressed', 'false');
  });
});

test('a toggle shows a loading indicator; a failure stops it and reaches the shopper as a toast', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 1, 'product in stock');
  const shopper = await createShopper(request);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/wishlist/*', async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { message: t.wishlist.failed, messages: [t.wishlist.failed], errors: {} } });
  });
  await page.goto(at(`/single-product/${product.id}`));
  await logInHere(page, shopper);
  const heart = page.locator(`[data-wishlist-heart="${product.id}"]`);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-busy', 'true');
  await expect(heart.locator('[data-wishlist-pending]')).toBeVisible();
  release();
  await expect(page.getByText(t.wishlist.failed)).toBeVisible();
  await expect(heart).toHaveAttribute('aria-busy', 'false');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toBeEnabled();
});
