import { checkoutWithCart } from './checkout-support.ts';
import { expect, test } from './fixtures.ts';

/** Behaviour a shopper met on phones (issue 20), each in both languages. */

test('an unknown product answers 404 in the language of its address: page, navbar and footer', async ({
  page,
  at,
  t,
  shopLocale,
}) => {
  // The browser's own language is the other one, so only the address can make the page speak the shop's.
  await page.setExtraHTTPHeaders({ 'accept-language': shopLocale === 'ar' ? 'en-US' : 'ar-EG' });
  const response = await page.goto(at('/single-product/99999'));
  expect(response!.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', shopLocale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errors.notFound);
  await expect(page.locator('footer')).toContainText(t.site.name);
});

test('the sandbox payment page asks for no missing icon', async ({ page, request, at, shopLocale, t }) => {
  test.setTimeout(60_000);
  const missing: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 404) missing.push(new URL(res.url()).pathname);
  });
  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await page
    .getByRole('radio', { name: shopLocale === 'ar' ? 'بطاقة (فيزا، ماستركارد، ميزة)' : 'Card (Visa, Mastercard, Meeza)' })
    .check();
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/api\/sandbox-gateway\/pay\//);
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
});
