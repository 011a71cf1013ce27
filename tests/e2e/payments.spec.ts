import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/i18n/format.ts';
import { interpolate } from '../../src/i18n/interpolate.ts';
import { checkoutWithCart } from './checkout-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';

/**
 * Online payments through the built-in sandbox provider (no keys set): its page stands in for PayTabs' and OPay's
 * hosted pages and sends the same signed callbacks (docs/payments.md).
 */
test.beforeEach(() => test.setTimeout(60_000));

/** The card method's name as the payment_methods data has it. */
const cardName = (locale: 'en' | 'ar') => (locale === 'ar' ? 'بطاقة (فيزا، ماستركارد، ميزة)' : 'Card (Visa, Mastercard, Meeza)');

const storedCartIds = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{}').cartsProducts ?? []).map((l: any) => l.product.id));

async function payOnline(page: Page, method: string, pay: string, choice: 'approve' | 'decline' | 'cancel') {
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: pay }).click();
  await expect(page).toHaveURL(/\/api\/sandbox-gateway\/pay\//);
  await accessibleAt(page);
  const labels = { approve: /Approve|قبول/, decline: /Decline|رفض/, cancel: /Cancel|إلغاء/ };
  await page.getByRole('button', { name: labels[choice] }).click();
}

test('card: approve → Payment successful → order history shows it paid; the cart is emptied', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const product = await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await payOnline(page, cardName(shopLocale), t.orders.checkout.placeOrder, 'approve');
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payments.successTitle);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(page.locator(`[data-order-id="${orderId}"]`)).toContainText(`#${orderId}`);
  await expect.poll(() => storedCartIds(page)).toEqual([]);

  await page.getByRole('link', { name: t.orders.checkout.viewOrders }).click();
  await hydrated(page, 'OrderHistory');
  const card = page.locator(`[data-order="${orderId}"]`);
  await expect(card.locator('[data-order-status]')).toContainText(t.orders.status.PLACED);
  await expect(card.locator('[data-payment-status="paid"]')).toContainText(t.orders.paymentStatus.paid);
  await expect(card).toContainText(product.name);

  // Issue 19: cancelling a paid order asks where the money goes back, and the order says where it went.
  const total = await card.locator('[data-order-total]').innerText();
  // Issue 20: each refund button asks first, naming where the money goes; Escape keeps the order.
  const dialog = page.getByRole('alertdialog');
  await card.getByRole('button', { name: t.orders.history.cancelToCard }).click();
  await expect(dialog).toContainText(t.orders.history.confirmCancelToCardText);
  await expect(dialog.getByRole('button', { name: t.orders.history.keepOrder })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-payment-status="paid"]')).toBeVisible();
  await card.getByRole('button', { name: t.orders.history.cancelToWallet }).click();
  await expect(dialog).toContainText(t.orders.history.confirmCancelToWalletText);
  await dialog.getByRole('button', { name: t.orders.history.cancelToWallet }).click();
  await expect(card.locator('[data-order-status]')).toContainText(t.orders.status.CANCELED);
  await expect(card.locator('[data-payment-status="refunded"]')).toContainText(t.orders.paymentStatus.refunded);
  await expect(card.locator('[data-refund="wallet"]')).toHaveText(
    interpolate(t.orders.history.refundedToWallet, { amount: total }),
  );
});

test('card: decline → Payment failed, cart kept → pay again with cash on delivery', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const product = await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await payOnline(page, cardName(shopLocale), t.orders.checkout.placeOrder, 'decline');
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.payments.failedTitle);
  await expect(page.getByText(t.payments.failedText)).toBeVisible();
  expect(await storedCartIds(page)).toEqual([product.id]);

  await page.getByRole('link', { name: t.payments.backToPayment }).click();
  await hydrated(page, 'CheckoutPayment');
  await page.getByRole('radio', { name: shopLocale === 'ar' ? 'الدفع عند الاستلام' : 'Cash on delivery' }).check();
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.orders.checkout.successTitle);
  expect(await storedCartIds(page)).toEqual([]);
});

test('OPay: cancel → /api/opay/cancel → back at the payment step with the cart', async ({ page, request, at, t, shopLocale }) => {
  const product = await checkoutWithCart(page, request, at, shopLocale, 'Home');
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  await payOnline(page, shopLocale === 'ar' ? 'محفظة OPay' : 'OPay wallet', t.orders.checkout.placeOrder, 'cancel');
  await expect(page).toHaveURL(new RegExp(`${at('/checkout/checkout-payment')}\\?order=\\d+&payment=cancelled$`));
  expect(seen).toContain('/api/opay/cancel');
  await hydrated(page, 'CheckoutPayment');
  await expect(page.locator('[data-payment-cancelled]')).toHaveText(t.payments.cancelled);
  expect(await storedCartIds(page)).toEqual([product.id]);

  // Issue 20: the order the shopper walked away from reads "Cancelled · Not paid", never "Payment failed".
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await page.goto(at('/profile/order-history'));
  await hydrated(page, 'OrderHistory');
  const chip = page.locator(`[data-order="${orderId}"] [data-order-status]`);
  await expect(chip).toHaveText(`${t.orders.status.CANCELED} · ${t.orders.paymentStatus.cancelled}`);
  await expect(chip).not.toContainText(t.orders.paymentStatus.failed);
});

test('instalments show their minimum from the data and cannot be picked below it', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  const tru = page.locator('[data-method="tru"]');
  await expect(tru.getByRole('radio')).toBeDisabled();
  // The minimum is the payment_methods row's (2,000 EGP), written with the page's money format.
  await expect(tru).toContainText(interpolate(t.payments.availableFrom, { amount: formatMoney(200000, shopLocale) }));
  // A method within its rules stays selectable.
  await expect(page.locator('[data-method="card"]').getByRole('radio')).toBeEnabled();
});
