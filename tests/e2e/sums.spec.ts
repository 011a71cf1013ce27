import { apiLang } from '../../src/i18n/locales.ts';
import { formatMoney } from '../../src/i18n/format.ts';
import { checkoutWithCart } from './checkout-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { furnishedShopper } from './shopper-data.ts';

/**
 * Issue 20: the numbers a shopper sees add up. Lines at the price paid, a subtotal that is their sum, a discount row
 * with the coupon alone; a sale shows on its line as the list amount struck through.
 */
test.beforeEach(() => test.setTimeout(60_000));

const cod = (locale: 'en' | 'ar') => (locale === 'ar' ? 'الدفع عند الاستلام' : 'Cash on delivery');

test('order history: the sale line is the subtotal, with no discount row for the sale', async ({ page, at, shopLocale }) => {
  // The furnished order: two of a product on sale, cash on delivery, no coupon.
  const shopper = await furnishedShopper(page, shopLocale);
  const res = await page.request.get(`/api/orders?lang=${apiLang(shopLocale)}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  const [order] = ((await res.json()) as { data: { id: number; items: { total: number }[] }[] }).data;
  const lineSum = order!.items.reduce((sum, item) => sum + item.total, 0);

  await page.goto(at('/profile/order-history'));
  await hydrated(page, 'OrderHistory');
  const card = page.locator(`[data-order="${order!.id}"]`);
  await expect(card.locator('[data-line-amount]')).toHaveText([formatMoney(lineSum, shopLocale)]);
  await expect(card.locator('del')).toBeVisible();
  await expect(card.locator('[data-order-subtotal]')).toHaveText(formatMoney(lineSum, shopLocale));
  await expect(card.locator('[data-order-discount]')).toHaveCount(0);
});

test('checkout: the sale line, the subtotal and the total add up', async ({ page, request, at, t, shopLocale }) => {
  const c = t.orders.checkout;
  const product = await checkoutWithCart(page, request, at, shopLocale, 'Home', (p) => (p.beforeDiscount ?? 0) > p.price);
  await page.getByRole('radio', { name: cod(shopLocale) }).check();
  const summary = page.getByRole('region', { name: c.summary });
  await expect(summary.locator('[data-line-amount]')).toHaveText([formatMoney(product.price, shopLocale)]);
  await expect(summary.locator('del')).toContainText(formatMoney(product.beforeDiscount!, shopLocale));
  await expect(page.locator('[data-summary="subtotal"]')).toHaveText(formatMoney(product.price, shopLocale));
  await expect(page.locator('[data-summary="discount"]')).toHaveCount(0);
  await expect(page.locator('[data-summary="delivery"]')).toHaveText(formatMoney(5000, shopLocale));
  await expect(page.locator('[data-summary="total"]')).toHaveText(formatMoney(product.price + 5000, shopLocale));
});
