import type { Kysely } from 'kysely';
import { expect, test } from './fixtures.ts';
import { accessibleAt, fitsPhones, lookAt, resize } from './template-checks.ts';
import { e2eCourier, withE2eServices } from './admin-support.ts';
import { e2eSeller, placeTwoSellerOrder } from './seller-support.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { financeActor } from '../support/seller-ledger.ts';
import { recordPayout, releaseDueShares, sellerBalances } from '../../src/core/seller-ledger/server/index.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { formatMoney } from '../../src/i18n/format.ts';

/**
 * The seller's money in the portal (issue 40 item 8), in both languages at 360 px: a seller's product is delivered,
 * its share released and partly paid out by the desk; the seller's finance member sees the balances on the dashboard,
 * the payout on the payouts page, and a statement whose closing balance is the dashboard's total.
 */
test('the finance member reads the balances, the payouts and the statement, which close on the same total', async ({
  page,
  request,
  t,
  at,
  shopLocale,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await e2eSeller('finance', 30_000);
  const orderId = await placeTwoSellerOrder(request, [seller.productId]);
  const reference = `IPN-${Date.now() % 1_000_000}`;
  const ledger = await withE2eServices(async (db) => {
    await moveOrderTo(db, orderId, 'DELIVERED', { courierId: e2eCourier().id });
    await releaseDueShares(db, new Date(Date.now() + 15 * 86_400_000));
    const actor = await financeActor(db as unknown as Kysely<Database>);
    await recordPayout(
      db,
      { sellerId: seller.sellerId, amount: 10_000, method: 'instapay', reference, idempotencyKey: reference },
      actor,
    );
    return sellerBalances(db, seller.sellerId);
  });
  const total = formatMoney(ledger.pending + ledger.available, shopLocale);
  expect(ledger.available).toBeGreaterThan(0);

  await resize(page, 360);
  await page.context().addCookies([{ name: 'bb_seller', value: seller.token, url: baseURL! }]);
  await page.goto(at('/seller'));
  await expect(page.getByTestId('seller-balance')).toHaveText(total);
  await expect(page.getByTestId('seller-to-prepare')).toBeVisible();
  await fitsPhones(page);
  await accessibleAt(page, 360);
  await lookAt(page, `seller-money-dashboard-${shopLocale}-360`);

  await page.getByRole('link', { name: t.seller.nav.payouts, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.seller.money.payoutsTitle);
  await expect(page.locator('[data-balance="available"]')).toHaveText(formatMoney(ledger.available, shopLocale));
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(t.sellerLedger.methods.instapay);
  await expect(row).toContainText(formatMoney(10_000, shopLocale));
  await accessibleAt(page, 360);
  await lookAt(page, `seller-money-payouts-${shopLocale}-360`);

  await page.getByRole('link', { name: t.seller.nav.statements, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.seller.money.statementTitle);
  await expect(page.locator('[data-closing]')).toHaveText(total);
  await accessibleAt(page, 360);
  await lookAt(page, `seller-money-statement-${shopLocale}-360`);
  const csv = await page.request.get(`/api/seller/statement.csv?lang=${shopLocale}`);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).trim().split('\r\n').at(-1)).toContain(t.sellerLedger.csv.closing);
});
