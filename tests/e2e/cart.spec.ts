import { formatMoney } from '../../src/i18n/format.ts';
import { interpolate } from '../../src/i18n/interpolate.ts';
import { COUNTER_THROTTLE_MS } from '../../src/stores/cart.ts';
import { expect, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { cartReady, catalog, lineOf, listingOf, openWithStoredCart, pick, storedCart } from './cart-support.ts';

test.describe('cart on product cards and in the navbar', () => {
  test('add from a card, count up to the stock, back down to 0', async ({ page, request, at, t, shopLocale }) => {
    const products = await catalog(request, shopLocale);
    const product = pick(products, (p) => p.stock >= 2 && p.stock <= 3, 'product with stock 2-3');
    await page.clock.install();
    await page.goto(at(listingOf(product)));
    await cartReady(page, { fakeClock: true });
    const card = page.locator(`[data-product-card="${product.id}"]`);
    const plus = card.getByRole('button', { name: t.cart.increase });
    const minus = card.getByRole('button', { name: t.cart.decrease });
    const quantity = card.getByRole('group', { name: t.cart.quantity }).locator('output');

    await card.getByRole('button', { name: t.cart.addToCart }).click();
    await expect(page.getByText(t.cart.itemAdded)).toBeVisible();
    await expect(quantity).toHaveText('1');
    await expect(card.getByRole('button', { name: t.cart.addToCart })).toBeHidden();
    await expect(page.locator('[data-mini-cart-dot]')).toBeVisible();

    for (let n = 2; n <= product.stock; n += 1) {
      await page.clock.fastForward(COUNTER_THROTTLE_MS);
      await plus.click();
      await expect(quantity).toHaveText(String(n));
    }
    await expect(page.getByText(t.cart.cartUpdated).first()).toBeVisible();
    // At the stock the plus disappears.
    await expect(plus).toBeHidden();

    // Two clicks within 500 ms count once (dispatched together: real clicks on a busy machine can be slower).
    await page.clock.fastForward(COUNTER_THROTTLE_MS);
    await minus.evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(quantity).toHaveText(String(product.stock - 1));
    await expect(plus).toBeVisible();

    for (let n = product.stock - 2; n >= 0; n -= 1) {
      await page.clock.fastForward(COUNTER_THROTTLE_MS);
      await minus.click();
      if (n > 0) await expect(quantity).toHaveText(String(n));
    }
    await expect(card.getByRole('button', { name: t.cart.addToCart })).toBeVisible();
    await expect(page.getByText(t.cart.itemRemoved)).toBeVisible();
    await expect(page.locator('[data-mini-cart-dot]')).toBeHidden();
    expect(JSON.parse((await storedCart(page))!).cartsProducts).toEqual([]);
  });

  test('the mini-cart lists lines and the total; a reload keeps the cart', async ({ page, request, at, t, shopLocale }) => {
    const products = await catalog(request, shopLocale);
    const first = pick(products, (p) => p.stock >= 2, 'product in stock');
    const second = pick(
      products,
      (p) => p.stock >= 1 && p.sub_category.id === first.sub_category.id && p.id !== first.id,
      'second product',
    );
    await page.clock.install();
    await page.goto(at(listingOf(first)));
    await cartReady(page, { fakeClock: true });
    await page.locator(`[data-product-card="${first.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    await page.clock.fastForward(COUNTER_THROTTLE_MS);
    await page.locator(`[data-product-card="${first.id}"]`).getByRole('button', { name: t.cart.increase }).click();
    await page.locator(`[data-product-card="${second.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    await expect(page.locator(`[data-product-card="${first.id}"] output`)).toHaveText('2');

    const mini = page.locator('[data-mini-cart]');
    await mini.locator('summary').click();
    const lines = mini.getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(first.name);
    await expect(lines.nth(1)).toContainText(second.name);
    const total = formatMoney(first.price * 2 + second.price, shopLocale);
    await expect(mini.locator('[data-mini-cart-total]')).toHaveText(total);
    await expect(mini.getByRole('link', { name: t.cart.viewCart })).toHaveAttribute('href', at('/checkout/cart'));

    await page.reload();
    await cartReady(page, { fakeClock: true });
    await expect(page.locator(`[data-product-card="${first.id}"] output`)).toHaveText('2');
    await expect(page.locator('[data-mini-cart-dot]')).toBeVisible();
    await mini.locator('summary').click();
    await expect(mini.locator('[data-mini-cart-total]')).toHaveText(total);
  });

  test('mini-cart and cart page names follow the page language after switching', async ({ page, request, at, t, shopLocale }) => {
    const other = shopLocale === 'ar' ? 'en' : 'ar';
    const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 1, 'product in stock');
    const translated = (await catalog(request, other)).find((p) => p.id === product.id)!;
    expect(translated.name).not.toBe(product.name);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(at(listingOf(product)));
    await cartReady(page);
    await page.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    await expect(page.locator(`[data-product-card="${product.id}"] output`)).toHaveText('1');

    await page.locator(`header [data-locale-switch="${other}"]:visible`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await cartReady(page);
    const mini = page.locator('[data-mini-cart]');
    await mini.locator('summary').click();
    await expect(mini.getByRole('listitem').first()).toContainText(translated.name);
    await page.goto(`/${other}/checkout/cart`);
    await expect(page.locator(`[data-cart-line="${product.id}"]`)).toContainText(translated.name);
  });

  test('a second tab sees the change', async ({ page, context, request, at, t, shopLocale }) => {
    const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 2, 'product in stock');
    const other = await context.newPage();
    await page.goto(at(listingOf(product)));
    await other.goto(at(listingOf(product)));
    // A background tab hydrates its cards when the shopper looks at it again (visible + idle).
    await page.bringToFront();
    await cartReady(page);
    await page.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }).click();
    await other.bringToFront();
    await cartReady(other);
    await expect(other.locator(`[data-product-card="${product.id}"] output`)).toHaveText('1');
    await expect(other.locator('[data-mini-cart-dot]')).toBeVisible();
    await expect(
      other.locator(`[data-product-card="${product.id}"]`).getByRole('button', { name: t.cart.addToCart }),
    ).toBeHidden();
  });

  test('an out-of-stock product cannot be added', async ({ page, request, at, t, shopLocale }) => {
    const soldOut = pick(await catalog(request, shopLocale), (p) => p.stock === 0, 'product out of stock');
    await page.goto(at(listingOf(soldOut)));
    await cartReady(page);
    const card = page.locator(`[data-product-card="${soldOut.id}"]`);
    await expect(card.getByRole('button', { name: t.cart.outOfStock })).toBeDisabled();
    await expect(card.getByRole('button', { name: t.cart.addToCart })).toHaveCount(0);
    await card.getByRole('button', { name: t.cart.outOfStock }).click({ force: true });
    await expect(page.locator('[data-mini-cart-dot]')).toBeHidden();
    expect(await storedCart(page)).toBeNull();
  });

  test('a corrupted cart value does not break the page and is repaired', async ({ page, request, at, shopLocale }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 2, 'product in stock');

    await openWithStoredCart(page, at(listingOf(product)), '{"cartsProducts": [oops');
    await cartReady(page);
    await expect(page.locator('[data-mini-cart-dot]')).toBeHidden();

    const tampered = JSON.stringify({
      cartsProducts: [
        lineOf(product, 2.7),
        lineOf(product, -4, { id: 999_001 }),
        lineOf(product, 1, { id: 'x' }),
        lineOf(product, 1, { id: 999_002, price: 0 }),
        'junk',
      ],
      sub_total: -100,
    });
    await openWithStoredCart(page, at(listingOf(product)), tampered);
    await cartReady(page);
    await expect(page.locator(`[data-product-card="${product.id}"] output`)).toHaveText('2');
    await page.locator('[data-mini-cart] summary').click();
    await expect(page.locator('[data-mini-cart]').getByRole('listitem')).toHaveCount(1);
    await expect(page.locator('[data-mini-cart-total]')).toHaveText(formatMoney(product.price * 2, shopLocale));
    const repaired = JSON.parse((await storedCart(page))!);
    expect(repaired.cartsProducts).toHaveLength(1);
    expect(repaired).toMatchObject({ sub_total: product.price * 2, total: product.price * 2 });
    expect(errors).toEqual([]);
  });
});

test.describe('cart page', () => {
  test('edits and removes lines, then shows the empty state; checkout sends a guest to login', async ({
    page,
    request,
    at,
    t,
    shopLocale,
    baseURL,
  }) => {
    const products = await catalog(request, shopLocale);
    const a = pick(products, (p) => p.stock >= 3, 'product with stock 3+');
    const b = pick(products, (p) => p.stock >= 2 && p.id !== a.id, 'second product with stock 2+');
    await page.clock.install();
    await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: [lineOf(a, 1), lineOf(b, 2)] }));
    await cartReady(page, { fakeClock: true });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.cart.title);
    const rowA = page.locator(`[data-cart-line="${a.id}"]`);
    const rowB = page.locator(`[data-cart-line="${b.id}"]`);
    await expect(rowA).toContainText(a.name);
    await expect(rowA.locator('img')).toHaveAttribute('src', a.img);
    await expect(rowB).toContainText(formatMoney(b.price * 2, shopLocale));
    const subtotal = page.locator('[data-cart-subtotal]');
    await expect(subtotal).toHaveText(formatMoney(a.price + b.price * 2, shopLocale));

    await rowA.getByRole('button', { name: t.cart.increase }).click();
    await expect(rowA.locator('output')).toHaveText('2');
    await expect(page.getByText(t.cart.cartUpdated)).toBeVisible();
    await expect(subtotal).toHaveText(formatMoney(a.price * 2 + b.price * 2, shopLocale));
    await expect(page.locator('[data-cart-total]')).toHaveText(formatMoney(a.price * 2 + b.price * 2, shopLocale));

    const checkout = page.getByRole('link', { name: t.cart.checkout });
    await expect(checkout).toHaveAttribute('href', at('/login?routeBack=checkout-checkout-payment&routeParams=%7B%7D'));

    await rowB.getByRole('button', { name: t.cart.remove }).click();
    await expect(rowB).toHaveCount(0);
    await expect(page.getByText(t.cart.itemRemoved)).toBeVisible();
    await expect(subtotal).toHaveText(formatMoney(a.price * 2, shopLocale));

    await checkout.click();
    await expect(page).toHaveURL(`${baseURL}${at('/login')}?routeBack=checkout-checkout-payment&routeParams=%7B%7D`);
    await page.goBack();
    await cartReady(page, { fakeClock: true });
    // Minus to 0 removes the last line and leaves the empty state.
    await page.clock.fastForward(COUNTER_THROTTLE_MS);
    await rowA.getByRole('button', { name: t.cart.decrease }).click();
    await page.clock.fastForward(COUNTER_THROTTLE_MS);
    await rowA.getByRole('button', { name: t.cart.decrease }).click();
    await expect(page.locator('main').getByText(t.cart.empty)).toBeVisible();
    await expect(page.getByRole('link', { name: t.cart.continueShopping })).toBeVisible();
    await expect(page.locator('[data-mini-cart-dot]')).toBeHidden();
  });

  test('live prices: a changed price is shown, quantities above the stock lowered, sold-out lines flagged and blocking', async ({
    page,
    request,
    at,
    t,
    shopLocale,
  }) => {
    const products = await catalog(request, shopLocale);
    const repriced = pick(products, (p) => p.stock >= 1, 'product in stock');
    const scarce = pick(products, (p) => p.stock >= 1 && p.stock <= 3 && p.id !== repriced.id, 'product with stock 1-3');
    const soldOut = pick(products, (p) => p.stock === 0, 'product out of stock');
    const stored = [
      lineOf(repriced, 1, { price: repriced.price + 1_000 }),
      lineOf(scarce, scarce.stock + 2, { stock: scarce.stock + 5 }),
      lineOf(soldOut, 1, { stock: 4 }),
      lineOf(repriced, 1, { id: 999_999 }),
    ];
    await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: stored }));
    await cartReady(page);
    const money = (piastres: number) => formatMoney(piastres, shopLocale);

    await expect(page.locator(`[data-cart-line="${repriced.id}"]`)).toContainText(
      interpolate(t.cart.priceChanged, { from: money(repriced.price + 1_000), to: money(repriced.price) }),
    );
    await expect(page.locator(`[data-cart-line="${repriced.id}"]`)).toContainText(money(repriced.price));
    // The old price inside the sentence is isolated for bidi.
    await expect(page.locator(`[data-cart-line="${repriced.id}"] bdi`, { hasText: money(repriced.price + 1_000) })).toBeVisible();
    const scarceRow = page.locator(`[data-cart-line="${scarce.id}"]`);
    await expect(scarceRow).toContainText(interpolate(t.cart.lowered, { count: scarce.stock, from: scarce.stock + 2 }));
    await expect(scarceRow.locator('output')).toHaveText(String(scarce.stock));
    await expect(scarceRow.getByRole('button', { name: t.cart.increase })).toBeHidden();
    const soldOutRow = page.locator(`[data-cart-line="${soldOut.id}"]`);
    await expect(soldOutRow).toContainText(t.cart.flaggedOutOfStock);
    await expect(page.locator('[data-cart-line="999999"]')).toHaveCount(0);
    await expect(page.getByText(t.cart.unavailableRemoved)).toBeVisible();

    await expect(page.getByRole('button', { name: t.cart.checkout })).toBeDisabled();
    await expect(page.getByText(t.cart.checkoutBlocked)).toBeVisible();
    await soldOutRow.getByRole('button', { name: t.cart.remove }).click();
    await expect(page.getByRole('link', { name: t.cart.checkout })).toBeVisible();
    await expect(page.locator('[data-cart-subtotal]')).toHaveText(money(repriced.price + scarce.price * scarce.stock));
  });

  test('the delivery estimate is free from the threshold kept in the database, an amount below it', async ({
    page,
    request,
    at,
    t,
    shopLocale,
  }) => {
    const terms = (await (await request.get(`/api/delivery-terms?lang=${shopLocale === 'ar' ? 'ar-SA' : 'en-US'}`)).json()).data;
    const threshold: number = terms.free_delivery_threshold;
    const cairo = terms.governorates[0];
    const products = await catalog(request, shopLocale);
    const cheap = pick(products, (p) => p.stock >= 1 && p.price < threshold, 'product under the threshold');
    const dear = pick(products, (p) => p.stock >= 1 && p.price >= threshold, 'product over the threshold');
    const d = t.orders.delivery;
    const money = (piastres: number) => formatMoney(piastres, shopLocale);

    await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: [lineOf(cheap, 1)] }));
    await cartReady(page);
    const estimate = page.locator('[data-delivery-estimate]');
    await expect(estimate).toContainText(interpolate(d.freeOver, { amount: money(threshold) }));
    await estimate.getByLabel(d.governorate).selectOption(String(cairo.id));
    await expect(estimate.locator('[data-delivery-fee]')).toContainText(interpolate(d.fee, { fee: money(cairo.delivery_fee) }));

    await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: [lineOf(dear, 1)] }));
    await cartReady(page);
    await estimate.getByLabel(d.governorate).selectOption(String(cairo.id));
    await expect(estimate.locator('[data-delivery-fee]')).toContainText(interpolate(d.fee, { fee: d.free }));
  });

  test('a corrupted cart value shows an empty cart page', async ({ page, at, t }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openWithStoredCart(page, at('/checkout/cart'), 'undefined{]');
    await expect(page.locator('main').getByText(t.cart.empty)).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('axe finds no serious violations on the cart page and the open mini-cart', async ({ page, request, at, shopLocale }) => {
  const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 2, 'product in stock');
  await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
  await cartReady(page);
  await expect(page.locator(`[data-cart-line="${product.id}"]`)).toBeVisible();
  await page.locator('[data-mini-cart] summary').click();
  await accessibleAt(page);
});

test('pages without product cards load none of the counter code', async ({ page, at }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  const counterCode = (list: string[]) => list.filter((p) => /CartControl|\/cart\.[\w-]+\.js$/.test(p));
  await page.goto(at('/no-such-page'));
  await page.locator('[data-mini-cart][data-ready]').waitFor({ state: 'attached' });
  expect(counterCode(scripts)).toEqual([]);
  await page.goto(at('/'));
  // Card controls load once a card comes near the screen, after the page's start-up (here its quiet seconds, issue 55).
  await page.locator('[data-product-card]').first().scrollIntoViewIfNeeded();
  await page.locator('[data-cart-control][data-ready]').first().waitFor({ state: 'attached' });
  expect(counterCode(scripts).length).toBeGreaterThan(0);
});

test('the product page adds the variant it shows, at its current price', async ({ page, request, at, t, shopLocale }) => {
  const res = await request.get(`/api/products?category=1&per_page=60&lang=${shopLocale === 'ar' ? 'ar-SA' : 'en-US'}`);
  const products = ((await res.json()) as { data: Awaited<ReturnType<typeof catalog>> }).data;
  // A coffee whose two weights are both in stock.
  const light = pick(
    products,
    (p) =>
      p.variant_group !== null &&
      p.stock > 0 &&
      products.some((o) => o.variant_group === p.variant_group && o.id !== p.id && o.stock > 0),
    'coffee with two weights in stock',
  );
  const heavy = products.find((o) => o.variant_group === light.variant_group && o.id !== light.id)!;
  await page.goto(at(`/single-product/${light.id}`));
  const summary = page.locator('[data-product-live]');
  await expect(summary).toHaveAttribute('data-live-ready', '');
  await cartReady(page);
  const control = summary.locator('[data-cart-control]');
  await control.getByRole('button', { name: t.cart.addToCart }).click();
  await expect(control.locator('output')).toHaveText('1');
  await summary.locator(`a[data-variant="${heavy.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/single-product/${heavy.id}$`));
  // The other weight is not in the cart yet: the control offers to add it.
  await control.getByRole('button', { name: t.cart.addToCart }).click();
  await expect(control.locator('output')).toHaveText('1');
  const lines = JSON.parse((await storedCart(page))!).cartsProducts as { product: { id: number; price: number } }[];
  expect(lines.map((l) => [l.product.id, l.product.price]).sort()).toEqual(
    [
      [light.id, light.price],
      [heavy.id, heavy.price],
    ].sort(),
  );
});
