import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { e2eCourier, e2eProduct, placeCodOrder, signedInStaff, withE2eServices } from './admin-support.ts';
import { backdateOrder, moveOrderTo } from '../support/order-states.ts';
import { formatMoney, formatNumber, formatOrderId } from '../../src/i18n/format.ts';
import { interpolate, interpolateIsolated } from '../../src/i18n/t.ts';
import { poundsText } from '../../src/lib/money.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A courier (a name of its own: both languages run side by side) and cash-on-delivery orders placed through the shop,
 * then moved along the orders desk's service to delivered by that courier (their total to collect), the delivery
 * backdated `days` days (the desk's moves through its pages have their own journey).
 */
async function courierWithDeliveries(request: APIRequestContext, days: number[]) {
  const courier = e2eCourier(`Cash ${randomBytes(3).toString('hex')}`);
  const product = e2eProduct(days.length + 1);
  const orders: { id: number; cash: number }[] = [];
  for (const ago of days) {
    const order = await placeCodOrder(request, product, 1);
    await withE2eServices(async (db) => {
      await moveOrderTo(db, order.id, 'DELIVERED', { courierId: courier.id });
      await backdateOrder(db, order.id, { deliveredAt: new Date(Date.now() - ago * DAY) });
    });
    orders.push({ id: order.id, cash: order.total });
  }
  return { courierId: courier.id, courierName: courier.name, orders };
}

test.describe('couriers and cash', () => {
  // Each journey signs a new member in through the invitation and TOTP API first.
  test.describe.configure({ timeout: 90_000 });

  test('finance opens a courier, ticks the delivered orders, sees the difference of a wrong count, records the remittance and sees nothing owed', async ({
    page,
    t,
    shopLocale,
  }) => {
    const k = t.adminCash.cash;
    const c = t.adminCash.couriers;
    const money = (piastres: number) => formatMoney(piastres, shopLocale);
    const { courierName, orders } = await courierWithDeliveries(page.request, [5, 1]);
    const owed = orders[0]!.cash + orders[1]!.cash;
    await signedInStaff(page, 'finance');
    await page.goto(`/${shopLocale}/admin/couriers`);
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    await page.getByRole('link', { name: interpolate(c.openLabel, { name: courierName }) }).click();
    await expect(page.getByRole('heading', { level: 1, name: courierName })).toBeVisible();
    await expect(page.getByTestId('cash-owed')).toContainText(money(owed));
    await expect(page.getByTestId('cash-overdue')).toContainText(formatNumber(1, shopLocale));
    // Ticked once the island is awake (client:load): a box ticked before hydration was lost once in CI.
    await hydrated(page, 'CourierCash');

    for (const { id } of orders)
      await page.getByRole('checkbox', { name: interpolateIsolated(k.select, { order: formatOrderId(id) }) }).check();
    await expect(page.getByTestId('selected-total')).toContainText(money(owed));

    // Counted 25.50 pounds short: the form names the difference and asks how to settle it; the right count clears it.
    const form = page.locator('form').filter({ has: page.getByLabel(k.counted) });
    await page.getByLabel(k.counted).fill(poundsText(owed - 2550));
    await expect(page.getByTestId('remit-difference')).toHaveText(interpolate(k.short, { amount: money(2550) }));
    await expect(page.getByRole('radio', { name: k.settleBalance })).toBeChecked();
    await page.getByLabel(k.counted).fill(poundsText(owed));
    await expect(page.getByRole('radio', { name: k.settleBalance })).toHaveCount(0);
    await form.getByRole('button', { name: k.record }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: k.record }).click();
    await expect(page.getByText(k.recorded, { exact: true })).toBeVisible();
    await expect(page.getByTestId('cash-owed')).toContainText(money(0));
    await expect(page.getByText(k.nothing)).toBeVisible();
    const history = page.getByRole('table', { name: k.history });
    await expect(history.getByRole('cell', { name: money(owed) })).toBeVisible();

    await page.goto(`/${shopLocale}/admin/couriers`);
    const row = page.getByRole('row').filter({ hasText: courierName });
    await expect(row.getByRole('cell').nth(3)).toContainText(money(0));
  });

  test('finance records a count 5 EGP short kept as owed by the courier, then writes off another shortfall with a reason, at 360 px', async ({
    page,
    t,
    shopLocale,
  }) => {
    const k = t.adminCash.cash;
    const money = (piastres: number) => formatMoney(piastres, shopLocale);
    const { courierId, orders } = await courierWithDeliveries(page.request, [3, 2, 1]);
    const [first, second, third] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
    await page.setViewportSize({ width: 360, height: 800 });
    await signedInStaff(page, 'finance');
    await page.goto(`/${shopLocale}/admin/couriers/${courierId}`);
    const form = page.locator('form').filter({ has: page.getByLabel(k.counted) });
    const select = (id: number) =>
      page.getByRole('checkbox', { name: interpolateIsolated(k.select, { order: formatOrderId(id) }) }).check();
    const record = async () => {
      await form.getByRole('button', { name: k.record }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: k.record }).click();
    };

    // 5 pounds short of the first two orders, kept as owed (the default).
    await select(first.id);
    await select(second.id);
    const chosen = first.cash + second.cash;
    await page.getByLabel(k.counted).fill(poundsText(chosen - 500));
    await expect(page.getByTestId('remit-difference')).toHaveText(interpolate(k.short, { amount: money(500) }));
    await expect(page.getByRole('radio', { name: k.settleBalance })).toBeChecked();
    await expect(page.getByRole('radio', { name: k.settleWriteOff })).not.toBeChecked();
    await record();
    await expect(page.getByTestId('cash-shortfall')).toContainText(money(500));
    await expect(page.getByTestId('cash-owed')).toContainText(money(third.cash + 500));
    // The two orders are settled: only the third waits for its cash.
    await expect(
      page.getByRole('checkbox', { name: interpolateIsolated(k.select, { order: formatOrderId(first.id) }) }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('checkbox', { name: interpolateIsolated(k.select, { order: formatOrderId(second.id) }) }),
    ).toHaveCount(0);
    const history = page.getByRole('table', { name: k.history });
    await expect(history.getByRole('row').filter({ hasText: money(chosen - 500) })).toContainText(
      interpolate(k.owedAfter, { amount: money(500) }),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // 3 pounds short of the third order, written off: a reason is required.
    await select(third.id);
    await page.getByLabel(k.counted).fill(poundsText(third.cash - 300));
    await page.getByRole('radio', { name: k.settleWriteOff }).check();
    await form.getByRole('button', { name: k.record }).click();
    await expect(form.getByLabel(k.writeOffReason)).toHaveAccessibleDescription(t.adminCash.errors.writeOffReasonRequired);
    await accessibleAt(page);
    await form.getByLabel(k.writeOffReason).fill('Torn note');
    await record();
    await expect(history.getByRole('row').filter({ hasText: money(third.cash - 300) })).toContainText(
      interpolate(k.writtenOff, { amount: money(300), reason: 'Torn note' }),
    );
    await expect(page.getByText(k.nothing)).toBeVisible();
    await expect(page.getByTestId('cash-owed')).toContainText(money(500));
    await expect(page.getByTestId('cash-shortfall')).toContainText(money(500));
  });

  test('operations sees a courier’s cash but has no way to record a remittance, and the API refuses it', async ({
    page,
    t,
    shopLocale,
  }) => {
    const k = t.adminCash.cash;
    const { courierId, courierName, orders } = await courierWithDeliveries(page.request, [1]);
    await signedInStaff(page, 'operations');
    await page.goto(`/${shopLocale}/admin/couriers/${courierId}`);
    await expect(page.getByRole('heading', { level: 1, name: courierName })).toBeVisible();
    await expect(page.getByRole('link', { name: formatOrderId(orders[0]!.id) })).toBeVisible();
    await expect(page.getByText(k.readOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: k.record })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    const res = await page.request.post('/api/admin/remittances', {
      data: { courier_id: courierId, order_ids: [orders[0]!.id], amount: orders[0]!.cash },
    });
    expect(res.status()).toBe(403);
    // Operations manages couriers: the add form is there.
    await page.goto(`/${shopLocale}/admin/couriers`);
    await expect(page.getByRole('heading', { name: t.adminCash.couriers.add })).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`the dashboard at ${width} px: every card, each linking to its list, no serious accessibility violation`, async ({
      page,
      t,
      shopLocale,
    }) => {
      const d = t.adminCash.dashboard;
      await courierWithDeliveries(page.request, [4]);
      await page.setViewportSize({ width, height: 900 });
      await signedInStaff(page, 'owner');
      await page.goto(`/${shopLocale}/admin`);
      await expect(page.getByRole('heading', { level: 1, name: t.admin.frame.dashboard })).toBeVisible();
      for (const title of [d.todayOrders, d.todayRevenue, d.awaitingConfirmation, d.awaitingShipment, d.refundsOwed]) {
        await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
      await expect(page.getByRole('link', { name: d.awaitingConfirmation })).toHaveAttribute(
        'href',
        `/${shopLocale}/admin/orders?status=PLACED&payment_method=cash_on_delivery`,
      );
      await expect(page.getByRole('link', { name: d.cashOutstanding })).toHaveAttribute('href', `/${shopLocale}/admin/couriers`);
      await expect(page.getByRole('link', { name: d.refundsOwed })).toHaveAttribute('href', `/${shopLocale}/admin/refunds`);
      await expect(page.getByTestId('card-cash-outstanding').getByRole('listitem').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('the confirmation figures at 360 px: a period chosen, a wrong one refused in words, channels as a table', async ({
    page,
    t,
    shopLocale,
  }) => {
    const c = t.adminCash.dashboard.confirmations;
    await courierWithDeliveries(page.request, [1]);
    await page.setViewportSize({ width: 360, height: 900 });
    await signedInStaff(page, 'support');
    await page.goto(`/${shopLocale}/admin`);
    const section = page.getByTestId('confirmation-figures');
    await expect(section.getByRole('heading', { level: 2, name: c.title })).toBeVisible();
    // The desk's table (at 360 px each row folds into a card): a row per channel, named in words.
    for (const channel of ['whatsapp', 'sms', 'staff', 'none'] as const) {
      await expect(section.locator(`[data-channel="${channel}"]`)).toContainText(c.channels[channel]);
    }
    await expect(section.getByRole('heading', { level: 2, name: c.returnRate })).toBeVisible();
    await accessibleAt(page, 360, { within: '[data-testid="confirmation-figures"]' });
    // The last day before the first: the last 30 days stay, and the desk is told why.
    await section.getByLabel(c.from, { exact: true }).fill('2026-11-10');
    await section.getByLabel(c.to, { exact: true }).fill('2026-11-01');
    await section.getByRole('button', { name: c.show }).click();
    await expect(section.getByRole('alert')).toHaveText(c.errors.fromAfterTo);
    // A period long ago: no orders in it, said so.
    await section.getByLabel(c.from, { exact: true }).fill('2020-01-01');
    await section.getByLabel(c.to, { exact: true }).fill('2020-01-31');
    await section.getByRole('button', { name: c.show }).click();
    await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
    await expect(section.getByText(c.noOrders)).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
