import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { ProductCard } from '../../src/lib/types.ts';
import { expect, test } from './fixtures.ts';
import { apiLang } from '../../src/i18n/locales.ts';
import { cartReady, catalog, lineOf, listingOf, pick, storedCart } from './cart-support.ts';
import { logIn } from './login.ts';
import { accessibleAt } from './template-checks.ts';

/**
 * Issue 41 (decision 025): the shop on patchy mobile data. With the service worker (blocked in every other journey,
 * playwright.config.ts), pages the shopper visited and the cart still show without a connection, marked as possibly
 * out of date; a page never visited shows the offline page in the shopper's language; checkout says it needs a
 * connection.
 */
test.use({ serviceWorkers: 'allow' });

type Visited = { path: string; shows: Locator }[];

/** A listing and a product page a shopper browses, each with what shows it is there. */
const browsed = (page: Page, at: (path: string) => string, product: ProductCard) => [
  { path: at(listingOf(product)), shows: page.locator(`[data-product-card="${product.id}"]`) },
  { path: at(`/single-product/${product.id}`), shows: page.getByRole('heading', { level: 1, name: product.name }) },
];

/** Offline, each visited page shows from its saved copy, saying its prices may be out of date. */
async function savedCopiesShown(page: Page, visited: Visited, notice: string) {
  for (const { path, shows } of visited) {
    await page.goto(path);
    await expect(shows.first()).toBeVisible();
    await expect(page.getByText(notice), `${path} says its prices may be out of date`).toBeVisible();
  }
}

/**
 * Waits until the service worker controls the page and holds this page's answer (it is stored after it is shown).
 * The shopper's first key ends the page's start-up, which the worker's registration waits for (issue 55).
 */
async function savedForOffline(page: Page) {
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () => (await caches.match(location.href)) !== undefined);
}

/**
 * Back online for the service worker too. Chromium lifts its offline emulation from the worker's own fetches a
 * moment after the page's, later on a busy machine: a reload in that moment had the worker find no network and show
 * the saved copy again, notice and all (the back-online journey failed so under CI's load). A phone's connection
 * comes back for both at once; so does this journey's, before it says so to the page.
 */
async function workerOnline(context: BrowserContext) {
  const [worker] = context.serviceWorkers();
  if (!worker) return;
  await expect
    .poll(() =>
      worker.evaluate(() =>
        fetch('/api/health/live', { cache: 'no-store' }).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    )
    .toBe(true);
}

test('the worker stays off the first seconds of a visit: registered after the first tap, and the page before it is kept', async ({
  page,
  context,
  at,
  t,
}) => {
  // Seconds of waiting on purpose (the quiet time after the second page's load may be what starts the worker).
  test.slow();
  await page.goto(at('/about-us'));
  // Loaded, a second of nothing: no worker yet (it used to register on load, competing with the page's start-up).
  await page.waitForTimeout(1000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
  // The shopper's first tap is a link: the worker starts while the next page loads, and still keeps the first one.
  await page.getByRole('contentinfo').getByRole('link', { name: t.footer.getApp }).click();
  await expect(page).toHaveURL(new RegExp(`${at('/get-app')}/?$`));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, page.url())).toBe(true);
  const first = new URL(at('/about-us'), page.url()).href;
  await expect.poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, first)).toBe(true);
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await context.setOffline(true);
  await page.goto(at('/about-us'));
  await expect(page.getByText(t.pwa.offlineNotice)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: t.pwa.offline.title })).toBeHidden();
});

test('visited pages and the cart work offline; the rest says it needs a connection', async ({
  page,
  context,
  request,
  at,
  t,
  shopLocale,
}) => {
  // Nine pages, four of them twice: on the shared 2-core machines it has taken 35 s.
  test.setTimeout(60_000);
  const product = pick(await catalog(request, shopLocale), (p) => p.stock > 0, 'product in stock');
  const visited = [{ path: at('/'), shows: page.locator('main') }, ...browsed(page, at, product)];

  // Online: the first page installs the worker (it keeps that page too, once it controls the tab), then the shopper
  // browses, and has a line in the cart.
  for (const { path } of visited) {
    await page.goto(path);
    await savedForOffline(page);
  }
  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify({ cartsProducts: [line] })), lineOf(product, 1));
  await page.goto(at('/checkout/cart'));
  await cartReady(page);
  await expect(page.getByText(product.name).first()).toBeVisible();
  await savedForOffline(page);
  await expect(page.getByText(t.pwa.offlineNotice)).toBeHidden();

  // At once: the worker's network try goes past the browser's HTTP cache, which still holds these pages.
  await context.setOffline(true);
  await savedCopiesShown(page, visited, t.pwa.offlineNotice);

  // The cart lives on the device: its line shows; the checkout button stays off while prices cannot be checked.
  await page.goto(at('/checkout/cart'));
  await expect(page.getByText(product.name).first()).toBeVisible();
  await expect(page.getByText(t.cart.refreshFailed)).toBeVisible();
  await expect(page.getByRole('button', { name: t.cart.checkout })).toBeDisabled();
  await expect(page.getByText(t.pwa.offlineNotice)).toBeVisible();
  // The notice, drawn only in this state, passes the WCAG scan (the rest of the page is the every-template sweep's).
  await accessibleAt(page, undefined, { within: '[data-connection-notice]' });

  // Never visited: the offline page, in the shopper's language, at the address asked for.
  await page.goto(at('/about-us'));
  await expect(page.getByRole('heading', { level: 1, name: t.pwa.offline.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', shopLocale);
  await expect(page).toHaveURL(new RegExp(`/${shopLocale}/about-us$`));

  // The payment step is never served from a cache: it says it needs a connection.
  await page.goto(at('/checkout/checkout-payment'));
  await expect(page.getByRole('heading', { level: 1, name: t.pwa.checkoutOffline.title })).toBeVisible();
  await expect(page.getByText(t.pwa.checkoutOffline.text)).toBeVisible();

  // Back online, the same address is the live page again, without the notice.
  await context.setOffline(false);
  await page.goto(at('/about-us'));
  await expect(page.getByRole('heading', { level: 1, name: t.pwa.offline.title })).toBeHidden();
  await expect(page.getByText(t.pwa.offlineNotice)).toBeHidden();
});

test('a page left 5 s before the connection dropped is marked as a saved copy', async ({
  page,
  context,
  request,
  at,
  t,
  shopLocale,
}) => {
  // Issue 50: pages are sent with stale-while-revalidate (60 s, 30 s for products), so for a minute after a visit the
  // browser's HTTP cache would answer the worker's network try itself and the copy would show unmarked. No cache is
  // cleared here: the connection drops as it would on a phone, a few seconds after the shopper looked.
  test.setTimeout(60_000);
  const product = pick(await catalog(request, shopLocale), (p) => p.stock > 0, 'product in stock');
  const visited = browsed(page, at, product);
  for (const { path } of visited) {
    await page.goto(path);
    await savedForOffline(page);
  }
  // The second visit went through the worker and the HTTP cache alike: both hold the page now.
  for (const { path } of visited) {
    await page.goto(path);
    await expect(page.getByText(t.pwa.offlineNotice)).toBeHidden();
  }
  await page.waitForTimeout(5_000);
  await context.setOffline(true);
  await savedCopiesShown(page, visited, t.pwa.offlineNotice);
});

test('back online, the saved page reloads by itself: the notice goes and a line added offline reaches the server cart', async ({
  page,
  context,
  request,
  at,
  t,
  shopLocale,
}) => {
  const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 2, 'product with stock 2 or more');
  const shopper = await logIn(page);
  for (const path of [at('/'), at(listingOf(product))]) {
    await page.goto(path);
    await savedForOffline(page);
  }
  await context.setOffline(true);

  await page.reload();
  await cartReady(page);
  await expect(page.getByText(t.pwa.offlineNotice)).toBeVisible();
  await page.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
  await expect.poll(async () => (await storedCart(page)) ?? '').toContain(`"id":${product.id}`);

  // Back online, nobody reloads: the saved copy reloads itself from the network (the notice goes with it), and the
  // cart sync of the fresh page sends the line.
  await context.setOffline(false);
  await workerOnline(context);
  // Chromium's emulation leaves a document loaded while offline believing it is online (navigator.onLine is true), so
  // ending the emulation fires no `online` event, as a phone's browser does when its data come back: the journey does.
  // (Sometimes Chromium does fire it, and the page is already reloading: that is the behaviour under test.)
  // Told again while the saved copy is still shown: Chromium lifts its emulation request by request, and a reload
  // within the first second can still fail as offline and bring the saved copy back (a CI trace showed the worker's
  // navigation refused 0.9 s after the end of the emulation, docs/benchmarks.md › CI this session); a phone's data come
  // back all at once.
  await expect(async () => {
    await page
      .evaluate(() => dispatchEvent(new Event('online')))
      .catch((error: unknown) => {
        if (!String(error).includes('Execution context was destroyed')) throw error;
      });
    await expect(page.getByText(t.pwa.offlineNotice)).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  await cartReady(page);
  const serverCart = async () => {
    const res = await request.get(`/api/shopping-cart?lang=${apiLang(shopLocale)}`, {
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    return ((await res.json()) as { data: { items: { product: { id: number }; quantity: number }[] } }).data.items.map((line) => [
      line.product.id,
      line.quantity,
    ]);
  };
  await expect.poll(serverCart).toEqual([[product.id, 1]]);
});

test('the footer leads to the app page, which explains installing in the shopper’s language', async ({ page, at, t }) => {
  await page.goto(at('/'));
  await page.getByRole('contentinfo').getByRole('link', { name: t.footer.getApp }).click();
  await expect(page).toHaveURL(new RegExp(`${at('/get-app')}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: t.pwa.app.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: t.pwa.app.iosTitle })).toBeVisible();
  await expect(page.getByText(t.pwa.app.iosStep2)).toBeVisible();
  await expect(page.getByRole('heading', { name: t.pwa.app.androidTitle })).toBeVisible();
  // The page links this language's manifest, which Chrome reads to offer installation.
  const manifest = await page.request.get((await page.locator('link[rel="manifest"]').getAttribute('href'))!);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(await manifest.json()).toMatchObject({ start_url: at('/'), lang: page.url().includes('/ar/') ? 'ar' : 'en' });
});
