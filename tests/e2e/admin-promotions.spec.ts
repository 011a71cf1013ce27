import { randomBytes } from 'node:crypto';
import { expect, hydrated, test } from './fixtures.ts';
import { signedInStaff } from './admin-support.ts';
import { checkoutWithCart } from './checkout-support.ts';
import { catalog, lineOf, openWithStoredCart, pick } from './cart-support.ts';
import { formatMoney, formatSignedMoney } from '../../src/i18n/format.ts';
import { apiLang } from '../../src/i18n/locales.ts';
import type { DeliveryTermsView } from '../../src/lib/orders/views.ts';
import { interpolate, interpolateIsolated } from '../../src/i18n/t.ts';

/**
 * Issue 23: an operator makes a coupon or changes a delivery fee in the desk and shoppers get it at once, with no
 * developer, no SQL and no publish.
 */
test('operations creates a coupon in the desk, and a shopper applies it at checkout', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  test.setTimeout(90_000);
  const c = t.adminPromotions.coupons;
  const code = `EID${randomBytes(3).toString('hex').toUpperCase()}`;
  await signedInStaff(page, 'operations');
  await page.goto(at('/admin/coupons'));
  // Typed once the form's island is awake: the kind it shows fields for is React state (flaky in CI before).
  await hydrated(page, 'CouponList');
  const form = page.getByRole('form', { name: c.add });
  await form.getByLabel(c.code).fill(code.toLowerCase());
  await form.getByLabel(c.kind).selectOption('fixed');
  await form.getByLabel(c.valueFixed).fill('15');
  await form.getByLabel(c.perUserLimit).fill('1');
  await form.getByRole('button', { name: c.create }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(interpolateIsolated(c.created, { code }));
  await expect(page.getByRole('link', { name: interpolateIsolated(c.edit, { code }) })).toBeVisible();

  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await page.getByPlaceholder(t.orders.checkout.couponLabel).fill(code.toLowerCase());
  await page.getByRole('button', { name: t.orders.checkout.apply }).click();
  await expect(page.locator('[data-coupon-applied]')).toContainText(code);
  await expect(page.locator('[data-summary="discount"]')).toContainText(formatSignedMoney(-1500, shopLocale));
});

test('operations changes a governorate’s delivery fee, and the cart’s estimate shows it', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  test.setTimeout(90_000);
  const d = t.adminPromotions.delivery;
  // A governorate of each language's own, away from the first ones the shop's journeys deliver to.
  const terms = (
    (await (await request.get(`/api/delivery-terms?lang=${apiLang(shopLocale)}`)).json()) as { data: DeliveryTermsView }
  ).data;
  const governorate = terms.governorates.at(shopLocale === 'en' ? -1 : -2)!;
  await signedInStaff(page, 'operations');
  await page.goto(at('/admin/delivery'));
  await page.getByLabel(interpolate(d.fee, { name: governorate.name })).fill('77.5');
  await page.getByRole('button', { name: d.save }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(d.saved);

  const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 5, 'product in stock');
  await openWithStoredCart(page, at('/checkout/cart'), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
  await page.locator('[data-delivery-estimate] select').selectOption(String(governorate.id));
  await expect(page.locator('[data-delivery-fee]')).toContainText(formatMoney(7750, shopLocale));

  // Back as it was, through the desk's API, for reruns.
  const restored = await page.request.put('/api/admin/delivery', {
    data: {
      governorates: [{ id: governorate.id, delivery_fee: governorate.delivery_fee, delivery_days: governorate.delivery_days }],
    },
  });
  expect(restored.ok()).toBe(true);
});
