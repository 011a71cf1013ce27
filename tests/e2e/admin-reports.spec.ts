import { readFileSync } from 'node:fs';
import { deskTest as test, e2eCourier, e2eProduct, placeCodOrder, withE2eServices } from './admin-support.ts';
import { expect } from './fixtures.ts';
import { e2eSeller, placeTwoSellerOrder } from './seller-support.ts';
import { accessibleAt, fitsPhones, lookAt, resize } from './template-checks.ts';
import { backdateOrder, moveOrderTo } from '../support/order-states.ts';
import { formatMoney } from '../../src/i18n/format.ts';

/**
 * The reports (issue 53), in both languages, few page loads: the owner opens the reports, changes the period (a past
 * one of this language's own, so no other journey's orders change it meanwhile), sees time run with the reading
 * direction, switches to the table at 360 px, downloads the CSV and finds the same numbers; support is refused (403);
 * a seller's finance member sees its own sales and product only.
 */
test.beforeEach(() => test.setTimeout(120_000));

test('the owner reads sales for a chosen period as a chart and a table, and the CSV holds the same numbers', async ({
  page,
  t,
  at,
  shopLocale,
  deskAs,
}) => {
  const r = t.reports;
  // This language's own past fortnight: a delivered order on its 5th day, another on its 12th.
  const month = shopLocale === 'ar' ? '05' : '03';
  const [from, to] = [`2024-${month}-01`, `2024-${month}-14`];
  for (const day of ['05', '12']) {
    const order = await placeCodOrder(page.request, e2eProduct(5), 2);
    await withE2eServices(async (db) => {
      await moveOrderTo(db, order.id, 'DELIVERED', { courierId: e2eCourier().id });
      const at = new Date(`2024-${month}-${day}T10:00:00.000Z`);
      await backdateOrder(db as never, order.id, { createdAt: at, events: at });
    });
  }
  await deskAs(page, 'owner');
  await resize(page, 1280);
  await page.goto(at('/admin/reports'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.title);
  await expect(page.locator('[data-chart="sales-net"] svg[role="img"]')).toBeVisible();

  await page.getByLabel(r.from, { exact: true }).fill(from);
  await page.getByLabel(r.to, { exact: true }).fill(to);
  await page.getByLabel(r.by, { exact: true }).selectOption('week');
  await page.getByRole('button', { name: r.show }).click();
  await expect(page).toHaveURL(/by=week/);
  const chart = page.locator('[data-chart="sales-net"] svg');
  await expect(chart).toHaveAttribute('data-direction', shopLocale === 'ar' ? 'rtl' : 'ltr');
  // Time runs with the reading direction: the first week at the start side (decision 037).
  const first = await chart.locator('[data-bucket="0"] rect').last().boundingBox();
  const last = await chart.locator('[data-bucket="1"] rect').last().boundingBox();
  expect(shopLocale === 'ar' ? first!.x > last!.x : first!.x < last!.x).toBe(true);
  await lookAt(page, `reports-sales-chart-${shopLocale}-1280`);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-report-period]')).toBeHidden();
  await expect(chart).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await resize(page, 360);
  await page.getByRole('link', { name: r.views.table, exact: true }).click();
  const table = page.locator('[data-report-table="sales"]');
  await expect(table.getByRole('row')).toHaveCount(3);
  await fitsPhones(page, [360]);
  await accessibleAt(page, 360);
  await lookAt(page, `reports-sales-table-${shopLocale}-360`);
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('[data-cell]')].map((c) => c.textContent ?? '')));

  const download = page.waitForEvent('download');
  await page.getByTestId('report-csv').click();
  const file = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
  const rows = file
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
  expect(rows).toHaveLength(2);
  // Every number of the table is the CSV's, as the shop formats it: net sales (column 10) and orders (column 0).
  for (const [i, row] of rows.entries()) {
    expect(cells[i]![10]).toBe(formatMoney(Math.round(Number(row[12]) * 100), shopLocale));
    expect(cells[i]![0]).toBe(row[2]);
    expect(Number(row[2])).toBeGreaterThanOrEqual(1);
  }

  // The ranked bars (cash on delivery by channel, governorate and courier) at 360 px: they fit and pass axe.
  await page.getByRole('link', { name: r.tabs.cod, exact: true }).click();
  await page.getByRole('link', { name: r.views.chart, exact: true }).click();
  await expect(page.locator('[data-chart="cod-channels"]')).toBeVisible();
  await expect(page.locator('[data-chart="cod-confirm-times"] figcaption')).toHaveText(r.cod.confirmTimes);
  await expect(page.locator('[data-chart="cod-cash-by-age"] figcaption')).toHaveText(r.cod.cashByAge);
  await fitsPhones(page, [360]);
  await accessibleAt(page, 360);
  await lookAt(page, `reports-cod-${shopLocale}-360`);
  // The later sections: kiosk codes, stock-outs, and the customers report (new and returning, by governorate).
  const tabs = page.getByRole('navigation', { name: r.reportsNav });
  await tabs.getByRole('link', { name: r.tabs.payments, exact: true }).click();
  await expect(page.locator('[data-chart="payment-codes"] figcaption')).toHaveText(r.payments.codesTitle);
  await tabs.getByRole('link', { name: r.tabs.catalog, exact: true }).click();
  await expect(page.locator('[data-chart="out-of-stock"] figcaption')).toHaveText(r.catalog.outOfStock);
  await expect(page.locator('[data-chart="sold-out"]')).toBeVisible();
  await tabs.getByRole('link', { name: r.tabs.customers, exact: true }).click();
  await expect(page.locator('[data-chart="customer-shoppers"] [data-row="new"]')).toContainText(r.customers.newShoppers);
  await expect(page.locator('[data-chart="customer-governorates"] [data-row]').first()).toBeVisible();
  await fitsPhones(page, [360]);
  await accessibleAt(page, 360);

  await deskAs(page, 'support');
  const refused = await page.goto(at('/admin/reports'));
  expect(refused!.status()).toBe(403);
  expect((await page.request.get(`/api/admin/reports/sales?from=${from}&to=${to}`)).status()).toBe(403);
});

test('a seller sees its own sales and product, never another seller’s', async ({ page, t, at, shopLocale, baseURL }) => {
  const r = t.reports;
  const [mine, other] = [await e2eSeller('finance', 30_000), await e2eSeller('finance', 40_000)];
  const orderId = await placeTwoSellerOrder(page.request, [mine.productId, other.productId]);
  await withE2eServices((db) => moveOrderTo(db, orderId, 'DELIVERED', { courierId: e2eCourier().id }));
  await resize(page, 360);
  await page.context().addCookies([{ name: 'bb_seller', value: mine.token, url: baseURL! }]);
  await page.goto(at('/seller/reports?view=table'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.title);
  await expect(page.locator('[data-total="sales"] dd').first()).toHaveText(formatMoney(30_000, shopLocale));
  const products = page.locator('[data-report-table="seller-products"] tbody tr');
  await expect(products).toHaveCount(1);
  await expect(products).toContainText(mine.product[shopLocale === 'ar' ? 'name_ar' : 'name_en']);
  await fitsPhones(page, [360]);
  await accessibleAt(page, 360);
  await lookAt(page, `reports-seller-${shopLocale}-360`);
});
