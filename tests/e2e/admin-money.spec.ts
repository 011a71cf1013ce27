import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt, inReport, resize } from './template-checks.ts';
import { signedInStaff, withE2eServices } from './admin-support.ts';
import { payOrder } from '../support/order-states.ts';
import { catalog, lineOf, openWithStoredCart, pick } from './cart-support.ts';
import { createE2eShopper, logIn, makeE2eAddress, withE2eDb, type E2eShopper } from './login.ts';
import { formatMoney } from '../../src/i18n/format.ts';
import { interpolateIsolated } from '../../src/i18n/t.ts';

/**
 * The money side of the desk (issue 22 items 5 and 6, docs/back-office-money.md): finance pays a refund to the card
 * through the sandbox provider; support finds a shopper by phone and credits the wallet, which the shopper then sees;
 * support flags a shopper for cash on delivery, whose checkout then offers prepaid methods only. The desk pages
 * themselves are scanned by every-template.spec.ts; the refund dialog, open, here.
 */

/**
 * A paid card order of a new shopper, cancelled with its money owed to the card: placed through the shop's API, paid
 * by a verified callback through the settlement service (tests/support/order-states.ts), cancelled by the shopper
 * through the API (which owes the money back to the card).
 */
async function owedCardRefund(request: APIRequestContext, shopper: E2eShopper) {
  const product = pick(await catalog(request, 'en'), (p) => p.stock >= 20 && p.price < 100000, 'product with stock');
  makeE2eAddress(shopper.id, 'Home');
  const addressId = withE2eDb(
    (db) => (db.prepare('SELECT id FROM addresses WHERE user_id = ?').get(shopper.id) as { id: number }).id,
  );
  const placed = await request.post('/api/orders?lang=en-US', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { products: [{ product_id: product.id, quantity: 1 }], address_id: addressId, payment_method: 'card' },
  });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { data: { id: number; DiscountedTotal: number } }).data;
  await withE2eServices((db) => payOrder(db, order.id));
  const cancelled = await request.post(`/api/orders/${order.id}/cancel?refund_to=card&lang=en-US`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: {},
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return order;
}

test.describe('refunds and customers on the desk', () => {
  test('finance pays a refund to the card through the sandbox and sees it paid; the shopper’s order says refunded', async ({
    page,
    request,
    t,
    shopLocale,
  }) => {
    // Several axe scans at two widths on a shared 2-core machine.
    test.setTimeout(180_000);
    const r = t.adminMoney.refunds;
    const shopper = await createE2eShopper(request);
    const order = await owedCardRefund(request, shopper);
    // In Arabic the operator's refund is read on a 360 px phone, each step's screen in the report (issue 51, item 5).
    const arabic = shopLocale === 'ar';
    if (arabic) await resize(page, 360);
    await signedInStaff(page, 'finance');
    await page.goto(`/${shopLocale}/admin/refunds`);
    await hydrated(page, 'RefundsDesk');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${order.id}`, exact: true }) });
    await expect(row).toContainText(formatMoney(order.DiscountedTotal, shopLocale));
    await expect(row).toContainText(r.reasons.cancelled);

    await row.getByRole('button', { name: r.pay }).click();
    const dialog = page.getByRole('dialog', { name: interpolateIsolated(r.payTitle, { order: `#${order.id}` }) });
    await expect(dialog.getByLabel(r.toCard)).toBeChecked();
    if (arabic) await inReport(page, 'refund-dialog');
    await accessibleAt(page);
    await dialog.getByRole('button', { name: r.submit }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: r.submit }).click();
    await expect(
      page.getByText(
        interpolateIsolated(r.paid, {
          amount: formatMoney(order.DiscountedTotal, shopLocale),
          destination: r.destinationsInText.card,
        }),
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `#${order.id}`, exact: true })).toHaveCount(0);

    await page.getByRole('link', { name: r.paidTab }).click();
    const paid = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${order.id}`, exact: true }) });
    await expect(paid).toContainText(/TST\d+/);
    if (arabic) await inReport(page, 'refund-paid');

    const seen = await request.get(`/api/orders/${order.id}`, { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(((await seen.json()) as { data: { payment_status: string; refunds: unknown[] } }).data).toMatchObject({
      payment_status: 'refunded',
      refunds: [{ destination: 'card', status: 'paid', amount: order.DiscountedTotal }],
    });
  });

  test('support finds a shopper by phone, credits the wallet with a reason, and the shopper sees it', async ({
    page,
    browser,
    request,
    t,
    at,
    shopLocale,
  }) => {
    // Several axe scans at two widths on a shared 2-core machine.
    test.setTimeout(180_000);
    const c = t.adminMoney.customer;
    const shopper = await createE2eShopper(request);
    const phone = withE2eDb(
      (db) => (db.prepare('SELECT phone FROM users WHERE id = ?').get(shopper.id) as { phone: string }).phone,
    );
    await signedInStaff(page, 'support');
    await page.goto(`/${shopLocale}/admin/customers`);
    // Typed as people in Egypt type it: 010…, not +2010….
    await page.getByRole('searchbox', { name: t.adminMoney.customers.searchLabel }).fill(`0${phone.slice(3)}`);
    await page.getByRole('button', { name: t.adminMoney.customers.search }).click();
    await expect(page).toHaveURL(/\?q=0/);
    await hydrated(page, 'CustomersTable');
    await page.locator(`[data-customer="${shopper.id}"]`).click();
    await hydrated(page, 'CustomerDesk');
    await expect(page.locator('[data-customer-phone]')).toHaveText(phone);

    const form = page.locator('[data-wallet-form]');
    await form.getByLabel(c.amount).fill('25');
    await form.getByLabel(c.reason).fill('Late delivery, with our apologies');
    await form.getByRole('button', { name: c.submitAdjust }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: c.submitAdjust }).click();
    await expect(page.getByText(interpolateIsolated(c.adjusted, { balance: formatMoney(2500, shopLocale) }))).toBeVisible();
    await expect(page.locator('[data-admin-wallet-balance]')).toHaveText(formatMoney(2500, shopLocale));
    await expect(page.getByRole('cell', { name: 'Late delivery, with our apologies' })).toBeVisible();
    // Support may credit, not debit.
    await expect(form.getByLabel(c.debit)).toHaveCount(0);

    const shopperContext = await browser.newContext();
    const shopperPage = await shopperContext.newPage();
    await logIn(shopperPage, shopper);
    // The wallet is the account's own page (issue 20).
    await shopperPage.goto(at('/profile'));
    await expect(shopperPage.locator('[data-wallet-balance]')).toHaveText(formatMoney(2500, shopLocale));
    await expect(shopperPage.locator('[data-wallet-note]')).toContainText('Late delivery, with our apologies');
    await shopperContext.close();
  });

  test('support flags a shopper for cash on delivery; that shopper’s checkout offers no cash on delivery and says why', async ({
    page,
    browser,
    request,
    t,
    at,
    shopLocale,
  }) => {
    // Several axe scans at two widths on a shared 2-core machine.
    test.setTimeout(180_000);
    const c = t.adminMoney.customer;
    const shopper = await createE2eShopper(request);
    await signedInStaff(page, 'support');
    await page.goto(`/${shopLocale}/admin/customers/${shopper.id}`);
    await hydrated(page, 'CustomerDesk');
    await expect(page.locator('[data-cod-flag="allowed"]')).toBeVisible();
    await page.locator('[data-cod-flag]').getByLabel(c.codReason).fill('Refused three deliveries');
    await page.getByRole('button', { name: c.block }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: c.block }).click();
    await expect(page.locator('[data-cod-flag="blocked"]')).toContainText('Refused three deliveries');

    const shopperContext = await browser.newContext();
    const shopperPage = await shopperContext.newPage();
    await logIn(shopperPage, shopper);
    makeE2eAddress(shopper.id, 'Home');
    const product = pick(await catalog(request, shopLocale), (p) => p.stock >= 20 && p.price < 100000, 'product with stock');
    await openWithStoredCart(
      shopperPage,
      at('/checkout/checkout-payment'),
      JSON.stringify({ cartsProducts: [lineOf(product, 1)] }),
    );
    await hydrated(shopperPage, 'CheckoutPayment');
    await shopperPage.locator('[data-method="card"]').waitFor();
    await expect(shopperPage.locator('[data-method="cash_on_delivery"]')).toHaveCount(0);
    await expect(shopperPage.locator('[data-cod-blocked]')).toHaveText(t.orders.checkout.codBlockedNote);
    await shopperContext.close();
  });
});
