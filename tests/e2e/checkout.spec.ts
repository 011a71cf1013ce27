import type { Page } from '@playwright/test';
import { formatMoney, formatSignedMoney } from '../../src/i18n/format.ts';
import type { Dictionary } from '../../src/i18n/t.ts';
import { catalog, lineOf, openWithStoredCart, pick } from './cart-support.ts';
import { checkoutWithCart } from './checkout-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { logIn, makeE2eCoupon } from './login.ts';

async function fillInlineAddress(page: Page, t: Dictionary) {
  // Seven pages and two axe scans: on the shared 2-core machine this can approach the 30 s default.
  test.setTimeout(60_000);
  const c = t.orders.checkout;
  await page.getByLabel(c.addressTitle).fill('Home');
  await page.getByLabel(c.governorate).selectOption({ index: 1 });
  await page.getByLabel(c.city, { exact: true }).fill('Cairo');
  await page.getByLabel(c.area, { exact: true }).fill('Zamalek');
  await page.getByLabel(c.street).fill('26 July St, 10');
}

test('cart → address → coupon → cash on delivery → success → history → cancel → reorder', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const c = t.orders.checkout;
  const products = await catalog(request, shopLocale);
  const product = pick(products, (p) => p.stock >= 20 && p.price < 100000, 'product with stock ≥ 20 under 1,000 EGP');
  await logIn(page);
  await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
  await hydrated(page, 'CartPage');
  // Delivery by governorate on the cart page, before checkout.
  await page.locator('[data-delivery-estimate] select').selectOption({ index: 1 });
  await expect(page.locator('[data-delivery-fee]')).toContainText(formatMoney(5000, shopLocale));
  await page.getByRole('link', { name: t.cart.checkout }).click();
  await expect(page).toHaveURL(new RegExp(`${at('/checkout/checkout-payment')}$`));
  await hydrated(page, 'CheckoutPayment');

  await fillInlineAddress(page, t);
  const coupon = makeE2eCoupon({ kind: 'fixed', value: 1000 });
  await page.getByPlaceholder(c.couponLabel).fill(coupon.toLowerCase());
  await page.getByRole('button', { name: c.apply }).click();
  await expect(page.locator('[data-coupon-applied]')).toContainText(coupon);
  await page.getByRole('radio', { name: shopLocale === 'ar' ? 'الدفع عند الاستلام' : 'Cash on delivery' }).check();
  // Issue 20: the line at the price paid, the subtotal its sum, the discount the coupon alone (the sale is on the line).
  await expect(page.locator('[data-summary="subtotal"]')).toHaveText(formatMoney(product.price, shopLocale));
  await expect(page.locator('[data-summary="discount"]')).toContainText(formatSignedMoney(-1000, shopLocale));
  await expect(page.locator('[data-summary="delivery"]')).toContainText(formatMoney(5000, shopLocale));
  await expect(page.locator('[data-summary="total"]')).toContainText(formatMoney(product.price - 1000 + 5000, shopLocale));
  await accessibleAt(page);
  await page.getByRole('button', { name: c.placeOrder }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(page.locator(`[data-order-id="${orderId}"]`)).toContainText(`#${orderId}`);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').cartsProducts)).toEqual([]);

  await page.getByRole('link', { name: c.viewOrders }).click();
  await hydrated(page, 'OrderHistory');
  const card = page.locator(`[data-order="${orderId}"]`);
  await expect(card.locator('[data-order-status]')).toHaveText(t.orders.status.PLACED);
  await expect(card).toContainText(product.name);
  // Checked before any toast: the shared toast's own contrast is the toast host's business.
  await card.getByRole('button', { name: t.orders.history.cancel }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.orders.history.confirmCancel }).click();
  await expect(card.locator('[data-order-status]')).toHaveText(t.orders.status.CANCELED);
  await expect(card.getByRole('button', { name: t.orders.history.cancel })).toBeHidden();
  // The wallet, from the account menu: cash on delivery used none of it, so the balance is still 0.
  await page.getByRole('navigation', { name: t.account.profileTitle }).getByRole('link', { name: t.account.wallet }).click();
  await expect(page.locator('[data-wallet-balance]')).toContainText(formatMoney(0, shopLocale));
  await page.goBack();
  await hydrated(page, 'OrderHistory');

  await card.getByRole('button', { name: t.orders.history.reorder }).click();
  await expect(page.locator('[data-reorder-changes]')).toContainText(t.orders.history.reordered);
  await page.locator('[data-reorder-changes]').getByRole('link', { name: t.orders.history.goToCart }).click();
  await hydrated(page, 'CartPage');
  await expect(page.getByText(product.name).first()).toBeVisible();
});

test('an invalid coupon says so', async ({ page, request, at, t, shopLocale }) => {
  await checkoutWithCart(page, request, at, shopLocale);
  await page.getByPlaceholder(t.orders.checkout.couponLabel).fill('NOT-A-COUPON');
  await page.getByRole('button', { name: t.orders.checkout.apply }).click();
  await expect(page.locator('[data-coupon-error]')).toHaveText(t.orders.errors.invalidCoupon);
});

test('no payment chosen, then no address: the spec messages', async ({ page, request, at, t, shopLocale }) => {
  await checkoutWithCart(page, request, at, shopLocale);
  const place = page.getByRole('button', { name: t.orders.checkout.placeOrder });
  await place.click();
  await expect(page.locator('[data-checkout-error]')).toHaveText(t.orders.errors.selectAddress);
  await fillInlineAddress(page, t);
  await place.click();
  await expect(page.locator('[data-checkout-error]')).toHaveText(t.orders.errors.selectPayment);
});

test('a guest is sent to login with routeBack', async ({ page, at, baseURL }) => {
  await page.goto(at('/checkout/checkout-payment'));
  await expect(page).toHaveURL(`${baseURL}${at('/login')}?routeBack=checkout-checkout-payment&routeParams=%7B%7D`);
});

test('a saved address is picked by default and the order goes to it', async ({ page, request, at, t, shopLocale }) => {
  await checkoutWithCart(page, request, at, shopLocale, 'Office');
  await expect(page.getByRole('radio', { name: /Office/ })).toBeChecked();
  await page.getByRole('radio', { name: shopLocale === 'ar' ? 'الدفع عند الاستلام' : 'Cash on delivery' }).check();
  await expect(page.locator('[data-summary="delivery"]')).toContainText(formatMoney(5000, shopLocale));
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
});
