import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { accessibleAt, fitsPhones, lookAt, resize } from './template-checks.ts';
import { signedInStaff } from './admin-support.ts';
import { acceptAndReady, e2eSeller, openPart, placeTwoSellerOrder } from './seller-support.ts';
import type { Dictionary } from '../../src/i18n/t.ts';

/**
 * Orders split by seller (issue 40 item 4), in both languages at 360 px: a shopper buys two sellers' products; each
 * seller signs in, sees only its part, accepts it and marks it ready; the desk's order page shows both parts ready.
 */
async function workPart(
  page: Page,
  t: Dictionary,
  at: (p: string) => string,
  orderId: number,
  mine: string,
  theirs: string,
  shot: string,
) {
  const list = await openPart(page, t, at, orderId, mine, theirs);
  expect(list?.headers()['cache-control']).toBe('no-store');
  await fitsPhones(page);
  await accessibleAt(page, 360);
  await lookAt(page, shot);
  await acceptAndReady(page, t);
}

test('each seller prepares its part; the desk sees both parts ready to hand over', async ({
  page,
  t,
  at,
  request,
  shopLocale,
  baseURL,
}) => {
  const a = await e2eSeller('owner', 20000);
  const b = await e2eSeller('orders', 15000);
  const orderId = await placeTwoSellerOrder(request, [a.productId, b.productId]);
  const name = (p: { name_en: string; name_ar: string }) => (shopLocale === 'en' ? p.name_en : p.name_ar);
  await resize(page, 360);
  for (const [seller, other, shot] of [
    [a, b, `seller-part-a-${shopLocale}-360`],
    [b, a, `seller-part-b-${shopLocale}-360`],
  ] as const) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'bb_seller', value: seller.token, url: baseURL! }]);
    await workPart(page, t, at, orderId, name(seller.product), name(other.product), shot);
  }
  await page.goto(at('/seller/orders'));
  await fitsPhones(page);
  await accessibleAt(page, 360);
  await lookAt(page, `seller-orders-${shopLocale}-360`);
  await page.context().clearCookies();
  await signedInStaff(page, 'operations');
  await page.goto(at(`/admin/orders/${orderId}`));
  await expect(page.getByTestId('parts-readiness')).toHaveText(t.sellerOrders.desk.allReady);
  await lookAt(page, `desk-parts-${shopLocale}-360`);
});
