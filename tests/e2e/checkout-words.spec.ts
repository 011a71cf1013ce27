import { interpolate } from '../../src/i18n/interpolate.ts';
import { apiLang } from '../../src/i18n/locales.ts';
import { formatMoney } from '../../src/i18n/format.ts';
import { checkoutWithCart } from './checkout-support.ts';
import { catalog, lineOf, openWithStoredCart, pick } from './cart-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { logIn, makeE2eAddress, withE2eDb } from './login.ts';

/** Issue 20: what the checkout and the order history say reads right once the shopper has acted. */
test.beforeEach(() => test.setTimeout(60_000));

const cod = (locale: 'en' | 'ar') => (locale === 'ar' ? 'الدفع عند الاستلام' : 'Cash on delivery');

test('"You Should to Select Payment" goes once a method is chosen', async ({ page, request, at, t, shopLocale }) => {
  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  await expect(page.locator('[data-checkout-error]')).toHaveText(t.orders.errors.selectPayment);
  await page.getByRole('radio', { name: cod(shopLocale) }).check();
  await expect(page.locator('[data-checkout-error]')).toHaveCount(0);
});

test('the wallet option reads "(EGP 150)" with no stray spaces', async ({ page, at, t, shopLocale }) => {
  const shopper = await logIn(page);
  makeE2eAddress(shopper.id, 'Home');
  withE2eDb((db) =>
    db
      .prepare(`INSERT INTO wallet_ledger (user_id, amount, reason, created_at) VALUES (?, 15000, 'credit', ?)`)
      .run(shopper.id, new Date().toISOString()),
  );
  const product = pick(await catalog(page.request, shopLocale), (p) => p.stock >= 20 && p.price < 100000, 'product in stock');
  await openWithStoredCart(page, at('/checkout/checkout-payment'), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
  await hydrated(page, 'CheckoutPayment');
  await page.getByRole('radio', { name: cod(shopLocale) }).check();
  // The wallet's checkbox, inside the payment methods (the WhatsApp consent checkbox sits below them, issue 37).
  const step = page.locator('[data-step="payment"]');
  await expect(step.getByRole('checkbox')).toBeVisible();
  const label = step.locator('label', { has: page.getByRole('checkbox') });
  // innerText shows the layout: each template part as its own flex item broke it into "(\nEGP 150\n)".
  const expected = interpolate(t.orders.checkout.useWallet, { amount: formatMoney(15000, shopLocale) });
  expect((await label.innerText()).replace(/[\u200e\u200f]/g, '')).toBe(expected.replace(/[\u200e\u200f]/g, ''));
});

test('a waiting order\'s chip says "Awaiting payment" once', async ({ page, at, t, shopLocale }) => {
  const shopper = await logIn(page);
  makeE2eAddress(shopper.id, 'Home');
  const auth = { authorization: `Bearer ${shopper.token}` };
  const product = pick(await catalog(page.request, shopLocale), (p) => p.stock >= 20 && p.price < 100000, 'product in stock');
  const addresses = (await (await page.request.get('/api/addresses', { headers: auth })).json()) as { data: { id: number }[] };
  const placed = await page.request.post(`/api/orders?lang=${apiLang(shopLocale)}`, {
    headers: auth,
    data: { products: [{ product_id: product.id, quantity: 1 }], address_id: addresses.data[0]!.id, payment_method: 'card' },
  });
  expect(placed.ok()).toBe(true);
  const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
  await page.goto(at('/profile/order-history'));
  await hydrated(page, 'OrderHistory');
  const card = page.locator(`[data-order="${orderId}"]`);
  await expect(card.locator('[data-order-status]')).toHaveText(t.orders.status.PENDING);

  // Cancelled before paying: "Cancelled · Not paid", neither "Awaiting payment" nor "Payment failed".
  await card.getByRole('button', { name: t.orders.history.cancel }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.orders.history.confirmCancel }).click();
  await expect(card.locator('[data-order-status]')).toHaveText(
    `${t.orders.status.CANCELED} · ${t.orders.paymentStatus.cancelled}`,
  );
});
