import { deskTest as test, placeCodOrder, e2eCourier, withE2eServices } from './admin-support.ts';
import { expect, hydrated } from './fixtures.ts';
import { logIn } from './login.ts';
import { e2eSeller } from './seller-support.ts';
import { accessibleAt, resize } from './template-checks.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { productLdProblems } from '../support/structured-data.ts';
import { plural } from '../../src/i18n/t.ts';

/**
 * Issue 52, in both languages at 360 px: a shopper rates a delivered product from the order history with a written
 * review (in Arabic on either page: it keeps its own direction), the desk approves it, the seller replies from the
 * portal, the desk approves the reply, and the product page shows the rating, "Verified purchase" and the reply.
 */
test('rate a delivered product from the order history; approved on the desk; on the product page with the seller’s reply', async ({
  page,
  t,
  at,
  deskAs,
  baseURL,
  shopLocale,
}) => {
  test.setTimeout(120_000);
  const r = t.reviews;
  const seller = await e2eSeller('owner');
  const order = await placeCodOrder(page.request, seller.productId, 1);
  await withE2eServices((db) => moveOrderTo(db, order.id, 'DELIVERED', { courierId: e2eCourier().id }));
  const body = `قهوة ممتازة ${Date.now() % 100_000}`;

  await resize(page, 360);
  await logIn(page, order.shopper);
  await page.goto(at('/profile/order-history'));
  await page.locator(`[data-order="${order.id}"] [data-rate-product="${seller.productId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/single-product/${seller.productId}#rate$`));
  const form = page.locator('[data-review-form]');
  await form.getByLabel(plural(r.star, 4, shopLocale), { exact: true }).check();
  await form.getByLabel(r.reviewBody).fill(body);
  await form.getByRole('button', { name: r.submit }).click();
  await expect(form.getByText(r.sentForReview)).toBeVisible();
  await accessibleAt(page, 360, { within: '#reviews' });

  await deskAs(page, 'content');
  await page.goto(at('/admin/reviews'));
  await hydrated(page, 'ReviewQueue');
  const card = page.locator(`[data-review-queue] [data-product="${seller.productId}"]`);
  await expect(card.locator('[data-review-body]')).toHaveText(body);
  await card.getByRole('button', { name: r.desk.approve, exact: true }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(r.desk.approved);

  await page.context().addCookies([{ name: 'bb_seller', value: seller.token, url: baseURL! }]);
  await page.goto(at('/seller/reviews'));
  await hydrated(page, 'SellerReviews');
  const mine = page.locator(`[data-seller-reviews] [data-product="${seller.productId}"]`);
  await mine.getByLabel(r.seller.reply).fill('Thank you! شكرًا');
  await mine.getByRole('button', { name: r.seller.sendReply }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(r.seller.replySent);
  await accessibleAt(page, 360);

  await page.goto(at('/admin/reviews'));
  await hydrated(page, 'ReviewQueue');
  await page
    .locator(`[data-review-queue] [data-product="${seller.productId}"]`)
    .getByRole('button', { name: r.desk.approveReply })
    .click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(r.desk.approved);

  await page.goto(at(`/single-product/${seller.productId}`));
  await expect(page.locator('[data-rating-summary]')).toHaveAttribute('data-count', '1');
  // The list hydrates when it comes on screen (client:intent="visible"): a shopper scrolls down to it.
  await page.locator('[data-review-list]').scrollIntoViewIfNeeded();
  await hydrated(page, 'ReviewList');
  const review = page.locator('[data-review-list] [data-review]').first();
  await expect(review.locator('[data-review-body]')).toHaveText(body);
  await expect(review.locator('[data-review-body]')).toHaveAttribute('dir', 'auto');
  await expect(review.locator('[data-verified]')).toHaveText(r.verified);
  await expect(review.locator('[data-seller-reply]')).toContainText('Thank you! شكرًا');
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  // The page as served, through the same structured-data validator as tests/api/product-structured-data.test.ts.
  expect(productLdProblems(JSON.parse(jsonLd!))).toEqual([]);
  expect(JSON.parse(jsonLd!)).toMatchObject({
    aggregateRating: { ratingValue: 4, ratingCount: 1 },
    review: [{ reviewBody: body }],
  });
});
