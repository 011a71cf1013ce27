import { writeFileSync } from 'node:fs';
import { expect, hydrated } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { deskTest as test, e2eCourier, e2eProduct, placeCodOrder, withE2eServices } from './admin-support.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { logIn } from './login.ts';
import { formatMoney, formatOrderId } from '../../src/i18n/format.ts';
import { interpolate, interpolateIsolated, plural } from '../../src/i18n/t.ts';
import { poundsText } from '../../src/lib/money.ts';
import { pdfPages, plainSpaces } from '../support/pdf-text.ts';

/**
 * Courier companies (issue 38) on the sandbox courier, which behaves as Bosta does: an operator hands twenty orders
 * over in one action, prints their airway bills as one PDF, and the company's tracking (driven here as the company
 * would: deliver, fail an attempt then deliver, return, and one cancelled before pickup) moves the orders.
 */
test.describe('courier companies', () => {
  test.describe.configure({ timeout: 180_000 });

  test('operations hands twenty orders over in one action, prints one PDF of twenty airway bills, and the tracking moves each order', async ({
    browser,
    page,
    t,
    shopLocale,
    deskAs,
  }) => {
    const d = t.couriers.desk;
    const product = e2eProduct(40);
    const orders: Awaited<ReturnType<typeof placeCodOrder>>[] = [];
    for (let i = 0; i < 20; i += 1) orders.push(await placeCodOrder(page.request, product, 1));
    const blank = await placeCodOrder(page.request, product, 1);
    await withE2eServices(async (db) => {
      for (const order of [...orders, blank]) await moveOrderTo(db, order.id, 'READY_TO_SHIP');
      // An address without its street: the desk says so, and the company never hears of the order.
      await db.updateTable('orders').set({ address_street: '' }).where('id', '=', blank.id).execute();
    });
    await page.setViewportSize({ width: 360, height: 800 });
    await deskAs(page, 'operations');
    await page.goto(`/${shopLocale}/admin/couriers/deliveries`);
    await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
    await hydrated(page, 'HandoverDesk');
    const missing = interpolate(d.missing, { fields: d.fields.street });
    await expect(page.locator(`[data-order="${blank.id}"]`)).toContainText(missing);

    for (const { id } of [...orders, blank])
      await page.getByRole('checkbox', { name: interpolateIsolated(d.selectOrder, { order: formatOrderId(id) }) }).check();
    await page.getByLabel(d.company).selectOption('sandbox');
    await page.getByRole('button', { name: d.handOver }).click();
    await expect(page.getByText(interpolate(plural(d.handedOver, 20, shopLocale), { count: 20 }), { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: formatOrderId(blank.id) })).toContainText(missing);
    const tracking: string[] = [];
    for (const { id } of orders) {
      const number = page.locator(`[data-order="${id}"] [data-tracking]`);
      await expect(number).toHaveText(/^SB\d{8}$/);
      tracking.push((await number.textContent())!);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await accessibleAt(page, 360);
    // COURIER_SHOTS=dir keeps what the desk looked like, to look at (not an assertion).
    const shots = process.env['COURIER_SHOTS'];
    if (shots) await page.screenshot({ path: `${shots}/handover-${shopLocale}-360.png`, fullPage: false });

    // One PDF, twenty pages in the desk's order: each with its tracking number, the order and the cash to collect.
    const print = page.getByRole('link', { name: d.printBills });
    const pdf = await page.request.get((await print.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const pages = pdfPages(await pdf.body());
    if (shots) writeFileSync(`${shots}/airway-bills-${shopLocale}.pdf`, await pdf.body());
    expect(pages).toHaveLength(20);
    const receivers = await withE2eServices((db) =>
      db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select(['orders.id', 'users.first_name', 'users.last_name'])
        .where(
          'orders.id',
          'in',
          orders.map((o) => o.id),
        )
        .execute(),
    );
    const receiverOf = new Map(receivers.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
    for (const [i, order] of orders.entries()) {
      expect(pages[i]).toContain(tracking[i]!);
      expect(pages[i]).toContain(formatOrderId(order.id));
      expect(pages[i]).toContain(receiverOf.get(order.id)!);
      expect(pages[i]).toContain(plainSpaces(formatMoney(order.total, 'en')));
    }

    // The company moves the parcels; each state reaches the shop as a webhook with the secret header.
    const drive = async (number: string, action: string) =>
      expect((await page.request.post(`/api/sandbox-courier/deliveries/${number}/${action}`)).ok()).toBe(true);
    await drive(tracking[0]!, 'deliver');
    await drive(tracking[1]!, 'fail');
    await page.reload();
    await expect(page.locator(`[data-order="${orders[0]!.id}"]`)).toHaveCount(0);
    await expect(page.locator(`[data-order="${orders[1]!.id}"]`)).toContainText(d.steps.failed_attempt);
    await drive(tracking[1]!, 'deliver');
    await drive(tracking[2]!, 'advance');
    await drive(tracking[2]!, 'return');
    // One cancelled before pickup (it waits on the shelf again); the others delivered.
    const cancel = await page.request.post(`/api/admin/courier-deliveries/${orders[3]!.id}/cancel`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(cancel.ok()).toBe(true);
    for (const number of tracking.slice(4)) await drive(number, 'deliver');
    const statuses = await withE2eServices((db) =>
      db
        .selectFrom('orders')
        .select(['id', 'status', 'cash_to_collect'])
        .where(
          'id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('id')
        .execute(),
    );
    expect(statuses).toEqual(
      orders.map((o, i) => ({
        id: o.id,
        status: i === 2 ? 'CANCELED' : i === 3 ? 'READY_TO_SHIP' : 'DELIVERED',
        cash_to_collect: i === 2 || i === 3 ? 0 : o.total,
      })),
    );
    // The order page shows the moves made by the company.
    await page.goto(`/${shopLocale}/admin/orders/${orders[0]!.id}`);
    await expect(page.getByRole('main')).toContainText(t.orders.status.DELIVERED);

    // The shopper sees the company, the tracking number, the courier's step and the tracking link on their order.
    const shopperContext = await browser.newContext();
    const shopperPage = await shopperContext.newPage();
    await logIn(shopperPage, orders[0]!.shopper);
    await shopperPage.goto(`/${shopLocale}/profile/order-history`);
    const card = shopperPage.locator(`[data-order="${orders[0]!.id}"] [data-tracking]`);
    await expect(card).toContainText(tracking[0]!);
    await expect(card.locator('[data-courier-step]')).toHaveText(t.orders.history.courierSteps.delivered);
    await expect(card.getByRole('link', { name: t.orders.history.trackParcel })).toHaveAttribute(
      'href',
      `/api/sandbox-courier/deliveries/${tracking[0]}`,
    );
    // The courier's steps: the way to the door, each passed, the last where the parcel is now.
    const steps = shopperPage
      .locator(`[data-order="${orders[0]!.id}"]`)
      .getByRole('list', { name: t.orders.history.courierProgress })
      .getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.last()).toContainText(t.orders.history.courierSteps.delivered);
    await expect(steps.last()).toHaveAttribute('data-state', 'current');
    await expect(steps.first()).toContainText(t.orders.history.courierSteps.created);
    await accessibleAt(shopperPage, 360, { within: `[data-order="${orders[0]!.id}"]` });
    if (shots) await shopperPage.screenshot({ path: `${shots}/shopper-order-${shopLocale}.png` });
    await shopperContext.close();
  });

  test('support sees the desk without a way to hand over; content is refused the page', async ({
    page,
    t,
    shopLocale,
    deskAs,
  }) => {
    const d = t.couriers.desk;
    await deskAs(page, 'support');
    await page.goto(`/${shopLocale}/admin/couriers/deliveries`);
    await expect(page.getByRole('heading', { level: 1, name: d.title })).toBeVisible();
    await hydrated(page, 'HandoverDesk');
    await expect(page.getByRole('button', { name: d.handOver })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await page.context().clearCookies();
    await deskAs(page, 'content');
    await page.goto(`/${shopLocale}/admin/couriers/deliveries`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(t.admin.errors.forbidden);
  });

  test('operations reads the courier company cash without a way to apply a settlement; support is refused it', async ({
    page,
    t,
    shopLocale,
    deskAs,
  }) => {
    const st = t.couriers.settlements;
    await deskAs(page, 'operations');
    await page.goto(`/${shopLocale}/admin/couriers/settlements`);
    await expect(page.getByRole('heading', { level: 1, name: st.title })).toBeVisible();
    await hydrated(page, 'SettlementDesk');
    await expect(page.getByLabel(st.file)).toHaveCount(0);
    await expect(page.getByRole('button', { name: st.check })).toHaveCount(0);
    await page.context().clearCookies();
    await deskAs(page, 'support');
    await page.goto(`/${shopLocale}/admin/couriers/settlements`);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(t.admin.errors.forbidden);
  });

  test('a courier without an API gets a printable daily manifest of the orders handed to them today, at 360 px', async ({
    page,
    t,
    shopLocale,
    deskAs,
  }) => {
    const m = t.couriers.manifest;
    const courier = e2eCourier(`Manifest ${Date.now() % 100000}`);
    const product = e2eProduct(4);
    const orders = [await placeCodOrder(page.request, product, 1), await placeCodOrder(page.request, product, 1)];
    await withE2eServices(async (db) => {
      for (const order of orders) await moveOrderTo(db, order.id, 'WITH_COURIER', { courierId: courier.id });
    });
    await page.setViewportSize({ width: 360, height: 800 });
    await deskAs(page, 'operations');
    await page.goto(`/${shopLocale}/admin/couriers/${courier.id}`);
    await page.getByRole('link', { name: m.open }).click();
    await expect(page.getByRole('heading', { level: 1, name: interpolate(m.title, { courier: courier.name }) })).toBeVisible();
    for (const order of orders)
      await expect(page.locator(`[data-order="${order.id}"]`)).toContainText(formatMoney(order.total, shopLocale));
    await expect(page.getByTestId('manifest-total')).toHaveText(formatMoney(orders[0]!.total + orders[1]!.total, shopLocale));
    const csv = await page.request.get((await page.getByRole('link', { name: m.csv }).getAttribute('href'))!);
    expect(await csv.text()).toContain(m.receiver);
    await accessibleAt(page, 360);
  });

  test('finance checks a settlement file saved by Excel (a bad line named, nothing written), then applies a cycle 5 EGP short: that order is flagged', async ({
    page,
    t,
    shopLocale,
    deskAs,
    baseURL,
  }) => {
    const st = t.couriers.settlements;
    const product = e2eProduct(4);
    const orders = [await placeCodOrder(page.request, product, 1), await placeCodOrder(page.request, product, 1)];
    await withE2eServices(async (db) => {
      for (const order of orders) await moveOrderTo(db, order.id, 'READY_TO_SHIP');
    });
    await deskAs(page, 'operations');
    const handed = await page.request.post('/api/admin/courier-deliveries', {
      headers: { origin: baseURL! },
      data: { company: 'sandbox', order_ids: orders.map((o) => o.id) },
    });
    expect(handed.ok()).toBe(true);
    const tracking = ((await handed.json()) as { data: { trackingNumber: string }[] }).data.map((r) => r.trackingNumber);
    for (const number of tracking)
      expect((await page.request.post(`/api/sandbox-courier/deliveries/${number}/deliver`)).ok()).toBe(true);
    await page.context().clearCookies();
    await deskAs(page, 'finance');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/${shopLocale}/admin/couriers/settlements`);
    await expect(page.getByRole('heading', { level: 1, name: st.title })).toBeVisible();
    await hydrated(page, 'SettlementDesk');
    const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const upload = (name: string, lines: string[]) =>
      page.getByLabel(st.file).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${lines.join('\r\n')}`) });

    await upload('excel.csv', [
      'رقم التتبع,المبلغ المحصل,الرسوم',
      `${arabicDigits(tracking[0]!)},${arabicDigits(poundsText(orders[0]!.total))},٣٥`,
      'SB00000001,100,35',
    ]);
    await page.getByRole('button', { name: st.check }).click();
    await expect(page.locator('[data-line="3"] [data-line-result]')).toHaveText(st.results.unknown);
    await expect(page.getByText(st.fixFirst)).toBeVisible();
    await expect(page.getByRole('button', { name: st.apply })).toHaveCount(0);
    await expect(page.locator(`[data-order="${orders[0]!.id}"] [data-flag]`)).toHaveText(st.flags.missing);

    await upload('cycle.csv', [
      'Tracking Number,COD,Fees',
      `${tracking[0]},${poundsText(orders[0]!.total)},35`,
      `${tracking[1]},${poundsText(orders[1]!.total - 500)},35`,
    ]);
    await page.getByLabel(st.reference).fill('cycle-12');
    await page.getByRole('button', { name: st.check }).click();
    await expect(page.locator('[data-line="3"] [data-line-result]')).toContainText(st.results.short);
    await page.getByRole('button', { name: st.apply }).click();
    await expect(page.getByText(st.applied, { exact: true })).toBeVisible();
    await expect(page.locator(`[data-order="${orders[1]!.id}"] [data-flag]`)).toHaveText(st.flags.short);
    await expect(page.locator(`[data-order="${orders[0]!.id}"] [data-flag]`)).toHaveText(st.flags.matches);
    await accessibleAt(page, 360);
  });
});
