import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { signedInStaff } from './admin-support.ts';
import { checkoutWithCart } from './checkout-support.ts';
import { formatSignedMoney } from '../../src/i18n/format.ts';
import { interpolate } from '../../src/i18n/t.ts';

/**
 * Issue 23: an operator makes a coupon in the desk and a shopper uses it at checkout at once, with no developer, no
 * SQL and no publish.
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
  const form = page.getByRole('form', { name: c.add });
  await form.getByLabel(c.code).fill(code.toLowerCase());
  await form.getByLabel(c.kind).selectOption('fixed');
  await form.getByLabel(c.valueFixed).fill('15');
  await form.getByLabel(c.perUserLimit).fill('1');
  await form.getByRole('button', { name: c.create }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(interpolate(c.created, { code }));
  await expect(page.getByRole('link', { name: interpolate(c.edit, { code }) })).toBeVisible();

  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await page.getByPlaceholder(t.orders.checkout.couponLabel).fill(code.toLowerCase());
  await page.getByRole('button', { name: t.orders.checkout.apply }).click();
  await expect(page.locator('[data-coupon-applied]')).toContainText(code);
  await expect(page.locator('[data-summary="discount"]')).toContainText(formatSignedMoney(-1500, shopLocale));
});
