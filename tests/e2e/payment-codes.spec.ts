import type { APIRequestContext, Page } from '@playwright/test';
import { e2eProduct, e2eProductCard, withE2eServices } from './admin-support.ts';
import { lineOf, openWithStoredCart } from './cart-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { logIn, makeE2eAddress } from './login.ts';
import { accessibleAt } from './template-checks.ts';
import { releaseAbandonedPayments } from '../../src/server/payments/release-abandoned.ts';
import { backdateOrder } from '../support/order-states.ts';

/**
 * Payment codes that are never paid (issue 39), through the built-in sandbox: a Paymob kiosk code left to expire gives
 * its stock back, and a Fawry reference whose order the shopper cancels is cancelled at Fawry, so no Fawry point takes
 * cash for it any more. Each journey buys a product of its own, so the stock it counts is its own.
 */
test.beforeEach(() => test.setTimeout(120_000));

const names = {
  kiosk: { en: /^Cash at Fawry, Aman or Masary/, ar: /^الدفع نقدًا في فوري أو أمان أو مصاري/ },
  fawry: { en: /^Pay at Fawry/, ar: /^الدفع في فوري/ },
};

/** Two bags of a product of the journey's own (five in stock) in the cart, at the payment step, logged in. */
async function checkoutOwnProduct(page: Page, request: APIRequestContext, at: (p: string) => string, lang: 'en' | 'ar') {
  const productId = e2eProduct(5);
  const product = await e2eProductCard(request, productId, lang);
  const shopper = await logIn(page);
  makeE2eAddress(shopper.id, 'Home');
  await openWithStoredCart(page, at('/checkout/checkout-payment'), JSON.stringify({ cartsProducts: [lineOf(product, 2)] }));
  await hydrated(page, 'CheckoutPayment');
  await page.locator('[data-checkout]').waitFor();
  return { productId, stock: async () => (await e2eProductCard(request, productId, lang)).stock };
}

/** The success page shows the payment code; returns the order's id and the code. */
async function codeShown(page: Page, title: string) {
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const code = (await page.locator('[data-payment-code]').getAttribute('data-payment-code'))!;
  expect(code).toMatch(/^\d{8,9}$/);
  return { orderId: Number(new URL(page.url()).searchParams.get('order')), code };
}

test('kiosk code left unpaid past its expiry: the order is given up and its stock is back', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const { stock } = await checkoutOwnProduct(page, request, at, shopLocale);
  await page.getByRole('radio', { name: names.kiosk[shopLocale] }).check();
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/api\/sandbox-gateway\/pay\//);
  await page.getByRole('button', { name: t.payments.sandbox.getCode }).click();
  const { orderId } = await codeShown(page, t.payments.kiosk.title);
  const success = page.url();
  // The code holds the two bags while it may still be paid.
  expect(await stock()).toBe(3);
  // Two days pass (the order's and its code's clocks go back; never their state): the release job gives it up.
  const past = new Date(Date.now() - 49 * 3_600_000);
  const released = await withE2eServices(async (db) => {
    await backdateOrder(db, orderId, { createdAt: past });
    await db
      .updateTable('payments')
      .set({ created_at: past.toISOString(), expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('order_id', '=', orderId)
      .execute();
    return releaseAbandonedPayments(db);
  });
  expect(released).toContain(orderId);
  expect(await stock()).toBe(5);
  await page.goto(success);
  await expect(page.locator('[data-payment-failed]')).toBeVisible();
  await expect(page.locator('[data-payment-code]')).toHaveCount(0);
  await page.goto(at('/profile/order-history'));
  await hydrated(page, 'OrderHistory');
  const status = page.locator(`[data-order="${orderId}"] [data-order-status]`);
  await expect(status).toContainText(t.orders.status.CANCELED);
  await expect(status).toContainText(t.orders.paymentStatus.failed);
  await accessibleAt(page);
});

test('Fawry reference cancelled with its order: the stock is back and Fawry no longer takes cash for it', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const { stock } = await checkoutOwnProduct(page, request, at, shopLocale);
  await page.getByRole('radio', { name: names.fawry[shopLocale] }).check();
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  const { orderId, code } = await codeShown(page, t.payments.kiosk.title);
  expect(await stock()).toBe(3);
  // The Fawry point knows the reference while the order waits.
  expect((await request.get(`/api/sandbox-gateway/fawry/kiosk/${code}`, { maxRedirects: 0 })).status()).toBe(302);

  await page.goto(at('/profile/order-history'));
  await hydrated(page, 'OrderHistory');
  const card = page.locator(`[data-order="${orderId}"]`);
  await card.getByRole('button', { name: t.orders.history.cancel }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.orders.history.confirmCancel }).click();
  await expect(card.locator('[data-order-status]')).toContainText(t.orders.status.CANCELED);
  await expect(card.locator('[data-order-status]')).toContainText(t.orders.paymentStatus.cancelled);
  expect(await stock()).toBe(5);
  // The server's reconciliation job (every minute) cancels the unpaid reference at Fawry: its point no longer knows it.
  await expect
    .poll(async () => (await request.get(`/api/sandbox-gateway/fawry/kiosk/${code}`, { maxRedirects: 0 })).status(), {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe(404);
  const cancelledAt = await withE2eServices((db) =>
    db.selectFrom('payments').select('cancelled_at').where('order_id', '=', orderId).executeTakeFirstOrThrow(),
  );
  expect(cancelledAt.cancelled_at).not.toBeNull();
});
