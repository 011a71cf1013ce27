import { expect, hydrated, test } from './fixtures.ts';
import { signedInStaff, withE2eServices } from './admin-support.ts';
import { createSellerProduct } from './seller-support.ts';
import { accessibleAt, lookAt, resize } from './template-checks.ts';
import { SELLER_COOKIE } from '../../src/core/actors/server/seller-sessions.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { makeSeller, makeSellerMember } from '../support/seller.ts';

/**
 * A seller member with a verified session in the e2e database (their sign-in with password and authenticator code is
 * the accounts' journey): the cookie the portal reads.
 */
async function sellerSession(): Promise<{ sellerId: number; token: string }> {
  return withE2eServices(async (shopDb) => {
    const db = shopDb as unknown as Kysely<Database>;
    const sellerId = await makeSeller(db, { name: 'Journey Roastery' });
    const member = await makeSellerMember(db, sellerId, 'owner');
    return { sellerId, token: member.cookie.split('=')[1]! };
  });
}

/**
 * Issue 40: a seller adds a product with a photo in the portal → it waits in the desk's moderation queue with its
 * difference → staff approve it → the product's page answers in the shop.
 */
test('a seller adds a product with a photo; staff approve it in the queue; it is in the shop', async ({
  page,
  at,
  t,
  shopLocale,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { token } = await sellerSession();
  await page.context().addCookies([{ name: SELLER_COOKIE, value: token, url: baseURL! }]);
  const sku = `SJ-${Date.now() % 1_000_000}`;

  await resize(page, 360);
  const id = await createSellerProduct(page, t, at, {
    sku,
    nameEn: 'Guji natural',
    nameAr: 'جوجي مجففة',
    price: shopLocale === 'ar' ? '٣٢٠' : '320',
  });
  expect((await page.request.get(at(`/single-product/${id}`))).status()).toBe(404);

  await page.goto(at('/seller/products'));
  await expect(page.getByText(t.sellerCatalog.states.waiting).first()).toBeVisible();
  await lookAt(page, `seller-products-${shopLocale}-360`);
  await accessibleAt(page, 360);
  await lookAt(page, `seller-products-${shopLocale}-1280`, 1280);
  await resize(page, 360);

  await signedInStaff(page, 'operations');
  await page.goto(at('/admin/moderation'));
  await hydrated(page, 'ModerationQueue');
  const change = page.locator(`[data-product="${id}"]`);
  await expect(change).toContainText(sku);
  await lookAt(page, `moderation-${shopLocale}-360`);
  await accessibleAt(page, 360);
  await lookAt(page, `moderation-${shopLocale}-1280`, 1280);
  await change.getByRole('button', { name: t.deskModeration.approve }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(t.deskModeration.approved);
  await expect(page.locator(`[data-product="${id}"]`)).toHaveCount(0);
  expect((await page.request.get(at(`/single-product/${id}`))).status()).toBe(200);
});
