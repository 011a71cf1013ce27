import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { e2eCourier, e2eProduct, signedInStaff, withE2eServices } from './admin-support.ts';
import { createE2eShopper, makeE2eAddress, withE2eDb } from './login.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { e2eNewSeller, fillPayout } from './seller-support.ts';
import { releaseDueShares, sellerBalances } from '../../src/core/seller-ledger/server/index.ts';
import { formatMoney, formatSignedMoney } from '../../src/i18n/format.ts';
import { poundsText } from '../../src/lib/money.ts';
import { interpolateIsolated } from '../../src/i18n/t.ts';

/**
 * The sellers' money on the desk (issue 40, docs/sellers.md › Money): a shopper buys from a new seller and another
 * together; delivered; after the return window the share is available; finance records a payout in the dialog and
 * the statement's closing balance is the ledger's, on the page and in the CSV in the reader's language.
 */
test('finance pays a seller what is available and the statement closes on the ledger', async ({
  page,
  request,
  t,
  shopLocale,
}) => {
  test.setTimeout(180_000);
  const l = t.sellerLedger;
  const seller = await e2eNewSeller('Ledger Roasters');
  const name = seller[shopLocale];
  const own = e2eProduct(10, 30_000);
  withE2eDb((db) => db.prepare('UPDATE products SET seller_id = ? WHERE id = ?').run(seller.id, own));
  const other = e2eProduct(10, 20_000);
  // Bought together with another seller's product, through the shop's API.
  const shopper = await createE2eShopper(request);
  makeE2eAddress(shopper.id, 'Home');
  const auth = { authorization: `Bearer ${shopper.token}` };
  const addressId = ((await (await request.get('/api/addresses', { headers: auth })).json()) as { data: { id: number }[] })
    .data[0]!.id;
  const placed = await request.post('/api/orders?lang=en-US', {
    headers: auth,
    data: {
      products: [
        { product_id: own, quantity: 1 },
        { product_id: other, quantity: 1 },
      ],
      address_id: addressId,
      payment_method: 'cash_on_delivery',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
  const future = new Date(Date.now() + 15 * 86_400_000);
  await withE2eServices(async (db) => {
    await moveOrderTo(db, orderId, 'DELIVERED', { courierId: e2eCourier().id });
    await releaseDueShares(db, future);
  });
  // 300 EGP less the marketplace's 10 %.
  const available = 27_000;

  await signedInStaff(page, 'finance');
  await page.goto(`/${shopLocale}/admin/sellers/balances`);
  await page.getByRole('link', { name: interpolateIsolated(l.balances.open, { name }) }).click();
  await hydrated(page, 'SellerMoneyActions');
  await expect(page.locator('[data-balance="available"]')).toHaveText(formatMoney(available, shopLocale));

  const dialog = await fillPayout(page, t, { name, amount: '٢٠٠', method: 'instapay', reference: 'IPN-778812' });
  await accessibleAt(page);
  await dialog.getByRole('button', { name: l.money.payoutSubmit }).click();
  await expect(
    page.getByText(interpolateIsolated(l.money.payoutDone, { amount: formatMoney(20_000, shopLocale) })),
  ).toBeVisible();
  await expect(page.locator('[data-balance="available"]')).toHaveText(formatMoney(available - 20_000, shopLocale));
  const payoutRow = page.getByRole('row').filter({ hasText: 'IPN-778812' });
  await expect(payoutRow).toContainText(l.methods.instapay);

  // More than is left is refused in the dialog, nothing paid.
  await page.getByRole('button', { name: l.money.recordPayout }).click();
  const again = page.getByRole('dialog', { name: interpolateIsolated(l.money.payoutTitle, { name }) });
  await again.getByLabel(l.money.payoutAmount).fill('100');
  await again.getByLabel(l.money.payoutReference).fill('IPN-778813');
  await again.getByRole('button', { name: l.money.payoutSubmit }).click();
  await expect(again.getByRole('alert')).toContainText(poundsText(available - 20_000));
  await again.getByRole('button', { name: l.money.cancel }).click();

  await page.getByRole('link', { name: l.money.statement }).click();
  // The release is dated after the return window: the period runs to then.
  const to = future.toISOString().slice(0, 10);
  await page.getByLabel(l.statement.to).fill(to);
  await page.getByRole('button', { name: l.statement.show }).click();
  await expect(page).toHaveURL(new RegExp(`to=${to}`));
  const ledger = await withE2eServices((db) => sellerBalances(db, seller.id));
  expect(ledger.pending + ledger.available).toBe(available - 20_000);
  await expect(page.locator('[data-closing]')).toHaveText(formatMoney(available - 20_000, shopLocale));
  await expect(page.getByRole('row').filter({ hasText: l.kinds.payout })).toContainText(formatSignedMoney(-20_000, shopLocale));
  await accessibleAt(page);

  const from = page.url().match(/from=([\d-]+)/)![1]!;
  const csv = await page.request.get(`/api/admin/sellers/${seller.id}/statement.csv?from=${from}&to=${to}&lang=${shopLocale}`);
  const rows = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(rows[0]!.startsWith(l.csv.date)).toBe(true);
  expect(rows.at(-1)!.split(',')).toEqual([to, l.csv.closing, '', '', '', '', poundsText(available - 20_000)]);
});
