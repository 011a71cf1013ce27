import { answerConsent, expect, hydrated, test } from './fixtures.ts';
import { e2eCourier, signedInStaff, withE2eServices } from './admin-support.ts';
import { inReport, resize } from './template-checks.ts';
import {
  acceptAndReady,
  createSellerProduct,
  e2eSeller,
  fillPayout,
  joinedOwner,
  openPart,
  placeTwoSellerOrder,
} from './seller-support.ts';
import { releaseDueShares } from '../../src/core/seller-ledger/server/index.ts';
import type { OrderStatus } from '../../src/lib/orders/order-status.ts';
import { formatMoney, formatSignedMoney } from '../../src/i18n/format.ts';
import { interpolateIsolated } from '../../src/i18n/t.ts';
import { poundsText } from '../../src/lib/money.ts';
import { cairoToday } from '../../src/lib/cairo-day.ts';

/** The operator's way from a placed order to its delivery, as the desk's order page offers it step by step. */
const FORWARD: readonly OrderStatus[] = ['PLACED', 'ACCEPT', 'PREPARE', 'READY_TO_SHIP', 'WITH_COURIER', 'DELIVERED'];

/**
 * Issue 40's one end-to-end journey, a seller's whole life in the reader's language: approved on the desk → the owner
 * joins with a password and an authenticator code → adds a product in both languages → staff approve it → a shopper
 * buys it with another seller's product → each seller sees only its part, this one prepares it → the desk delivers →
 * after the return window finance pays out → the statement (page and CSV) opens, shows the sale and the payout, and
 * closes on the dashboard's balance. Steps other journeys cover through the UI (the checkout, the desk's move buttons,
 * the release job) go through the API or the services here; the seller's and staff's own steps through the pages.
 */
test('a seller from approval to statement: joins, sells with another seller, is paid, and the statement closes on the balance', async ({
  page,
  browser,
  request,
  t,
  at,
  shopLocale,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const l = t.sellerLedger;
  const money = (piastres: number) => formatMoney(piastres, shopLocale);
  // In Arabic the journey is read on a 360 px phone, each step's screen in its report (issue 51, item 5).
  const arabic = shopLocale === 'ar';
  if (arabic) await resize(page, 360);
  const report = async (step: string) => {
    if (arabic) await inReport(page, step);
  };

  // 1. Approved on the desk; the owner joins and is on the portal's dashboard.
  const owner = await joinedOwner(page, request, t, shopLocale);
  await report('joined');

  // 2. The owner adds a product in both languages; it waits for moderation until staff approve it, then it is on sale.
  const names = { en: `Journey Guji ${owner.tag}`, ar: `جوجي الرحلة ${owner.tag}` };
  const productId = await createSellerProduct(page, t, at, {
    sku: `SJ-${owner.tag.toUpperCase()}`,
    nameEn: names.en,
    nameAr: names.ar,
    price: shopLocale === 'ar' ? '٣٢٠' : '320',
  });
  expect((await page.request.get(at(`/single-product/${productId}`))).status()).toBe(404);
  await page.context().addCookies(owner.deskCookies);
  await page.goto(at('/admin/moderation'));
  await hydrated(page, 'ModerationQueue');
  const change = page.locator(`[data-product="${productId}"]`);
  await expect(change).toContainText(names[shopLocale]);
  await change.getByRole('button', { name: t.deskModeration.approve }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(t.deskModeration.approved);
  await page.goto(at(`/single-product/${productId}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[shopLocale]);

  // 3. A shopper buys it together with another seller's product, in one cash-on-delivery order.
  const other = await e2eSeller('orders', 15_000);
  const orderId = await placeTwoSellerOrder(request, [productId, other.productId]);
  const otherName = shopLocale === 'en' ? other.product.name_en : other.product.name_ar;

  // 4. Each seller sees only its own part, accepts it and marks it ready (the other seller in a browser of its own).
  const otherContext = await browser.newContext();
  await answerConsent(otherContext);
  await otherContext.addCookies([{ name: 'bb_seller', value: other.token, url: baseURL! }]);
  const otherPage = await otherContext.newPage();
  await openPart(otherPage, t, at, orderId, otherName, names[shopLocale]);
  await acceptAndReady(otherPage, t);
  await otherContext.close();
  await openPart(page, t, at, orderId, names[shopLocale], otherName);
  await acceptAndReady(page, t);
  await report('order-part');

  // 5. The desk sees both parts ready and moves the order on to delivered with the API its buttons use
  //    (admin-orders.spec.ts walks the buttons themselves).
  await page.goto(at(`/admin/orders/${orderId}`));
  await expect(page.getByTestId('parts-readiness')).toHaveText(t.sellerOrders.desk.allReady);
  const courier = e2eCourier('Sameh');
  const desk = await page.request.get(`/api/admin/orders/${orderId}`);
  let status = ((await desk.json()) as { data: { status: OrderStatus } }).data.status;
  for (const next of FORWARD.slice(FORWARD.indexOf(status) + 1)) {
    const moved = await page.request.post(`/api/admin/orders/${orderId}/move`, {
      data: { from: status, to: next, ...(next === 'WITH_COURIER' ? { courier_id: courier.id, tracking_number: 'TRK-40' } : {}) },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    status = next;
  }
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText(t.orders.status.DELIVERED);

  // The owner's dashboard: the sale (320 EGP, before the commission) and the seller's share of it. (Whether it is still
  // pending is not asked here: the release job of a journey running beside this one may already have released it.)
  const gross = 32_000;
  // 320 EGP less the marketplace's 10 % commission (32 EGP): what the seller is owed.
  const share = 28_800;
  await page.goto(at('/seller'));
  await expect(page.getByTestId('seller-sales')).toHaveText(money(gross));
  await expect(page.getByTestId('seller-balance')).toHaveText(money(share));

  // 6. The return window passes (the release job, run with a clock past it); finance pays 200 EGP on the desk.
  const future = new Date(Date.now() + 15 * 86_400_000);
  // The job releases every seller's due shares (a journey beside this one may have released these already): the
  // desk's available balance below tells that this seller's share is among them.
  await withE2eServices((db) => releaseDueShares(db, future));
  const paid = 20_000;
  const reference = `IPN-${owner.tag}`;
  await signedInStaff(page, 'finance');
  await page.goto(at('/admin/sellers/balances'));
  await page.getByRole('link', { name: interpolateIsolated(l.balances.open, { name: owner.name }) }).click();
  await expect(page.locator('[data-balance="available"]')).toHaveText(money(share));
  const dialog = await fillPayout(page, t, {
    name: owner.name,
    amount: shopLocale === 'ar' ? '٢٠٠' : '200',
    method: 'bank_transfer',
    reference,
  });
  await dialog.getByRole('button', { name: l.money.payoutSubmit }).click();
  await expect(page.getByText(interpolateIsolated(l.money.payoutDone, { amount: money(paid) }))).toBeVisible();
  await expect(page.locator('[data-balance="available"]')).toHaveText(money(share - paid));

  // 7. The owner's dashboard and statement: opening 0, the sale (the share after the commission), its release, the
  //    payout, and a closing balance equal to the dashboard's; the CSV says the same in the reader's language.
  const balance = share - paid;
  await page.goto(at('/seller'));
  await expect(page.getByTestId('seller-balance')).toHaveText(money(balance));
  await expect(page.getByTestId('seller-balance').locator('xpath=..')).toContainText(
    interpolateIsolated(t.seller.dashboard.balanceHint, { pending: money(0), available: money(balance) }),
  );
  await page.getByRole('link', { name: t.seller.nav.statements, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.seller.money.statementTitle);
  // The release is dated after the return window (by this journey's clock, or a journey's beside it a moment later):
  // the period runs to the Cairo day after it.
  const to = cairoToday(new Date(future.getTime() + 86_400_000));
  await page.getByLabel(l.statement.to).fill(to);
  await page.getByRole('button', { name: l.statement.show }).click();
  await expect(page).toHaveURL(new RegExp(`to=${to}`));
  await expect(page.locator('[data-opening]')).toHaveText(money(0));
  const row = (kind: keyof typeof l.kinds) => page.getByRole('row').filter({ hasText: l.kinds[kind] });
  await expect(row('sale')).toContainText(formatSignedMoney(share, shopLocale));
  await expect(row('sale')).toContainText(l.accounts.pending);
  // The release moves the share from pending (−) to available (+): two lines.
  await expect(row('release')).toHaveCount(2);
  await expect(row('release').filter({ hasText: formatSignedMoney(-share, shopLocale) })).toContainText(l.accounts.pending);
  await expect(row('release').filter({ hasText: formatSignedMoney(share, shopLocale) })).toContainText(l.accounts.available);
  await expect(row('payout')).toContainText(formatSignedMoney(-paid, shopLocale));
  // The payout's method in the reader's language, with the reference finance typed.
  await expect(row('payout')).toContainText(`${l.methods.bank_transfer} · ${reference}`);
  await expect(page.locator('[data-closing]')).toHaveText(money(balance));
  await report('statement');

  const from = new URL(page.url()).searchParams.get('from')!;
  const csvLink = page.locator('[data-statement-csv]');
  const csv = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  const rows = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((r) => r.split(','));
  const amounts = (kind: string) => rows.filter((r) => r[1] === kind).map((r) => r[5]);
  expect(rows[1]).toEqual([from, l.csv.opening, '', '', '', '', poundsText(0)]);
  expect(amounts(l.kinds.sale)).toEqual([poundsText(share)]);
  expect(amounts(l.kinds.payout)).toEqual([poundsText(-paid)]);
  expect(rows.find((r) => r[1] === l.kinds.payout)?.[3]).toBe(`${l.methods.bank_transfer} · ${reference}`);
  expect(rows.at(-1)).toEqual([to, l.csv.closing, '', '', '', '', poundsText(balance)]);
});
