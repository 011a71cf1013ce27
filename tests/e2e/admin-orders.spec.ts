import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import { e2eCourier, e2eProduct, placeCodOrder, signedInStaff, stockOf } from './admin-support.ts';
import { formatMoney, formatOrderId } from '../../src/i18n/format.ts';
import { interpolate, plural, type Dictionary } from '../../src/i18n/t.ts';

/** Moves the open order page one step with its button and the confirmation dialog, then waits for the new status. */
async function step(page: Page, t: Dictionary, to: keyof Dictionary['adminOrders']['order']['moves'], status: string) {
  // The buttons act once the island is awake (client:load): a click on the server's markup before that does nothing.
  await hydrated(page, 'OrderActions');
  await page.getByRole('button', { name: t.adminOrders.order.moves[to], exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.adminOrders.order.moves[to] }).click();
  await expect(page.getByTestId('order-status')).toHaveText(status);
}

async function handOver(page: Page, t: Dictionary, courier: string) {
  const o = t.adminOrders.order;
  await page.getByLabel(o.courier, { exact: true }).selectOption({ label: courier });
  await page.getByLabel(o.tracking).fill('TRK-42');
  await page.getByRole('button', { name: o.moves.WITH_COURIER, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: o.moves.WITH_COURIER }).click();
  await expect(page.getByTestId('order-status')).toHaveText(t.orders.status.WITH_COURIER);
}

test.describe('the orders desk', () => {
  // Long journeys (each signs a member in and walks an order through its states): minutes on a loaded machine.
  test.setTimeout(180_000);

  test('the operator works the confirmation queue: confirms one order, and one is cancelled after three failed calls with its stock back', async ({
    page,
    t,
    shopLocale,
  }) => {
    const c = t.adminOrders.calls;
    const product = e2eProduct(10);
    const confirmed = await placeCodOrder(page.request, product, 2);
    const unreachable = await placeCodOrder(page.request, product, 3);
    expect(stockOf(product)).toBe(5);
    await signedInStaff(page, 'operations');
    await page.goto(`/${shopLocale}/admin/confirmations`);
    const card = (id: number) =>
      page.getByRole('listitem').filter({ has: page.getByRole('link', { name: formatOrderId(id), exact: true }) });
    await card(confirmed.id).getByLabel(c.outcome).selectOption('confirmed');
    await card(confirmed.id).getByRole('button', { name: c.log }).click();
    await expect(page.getByText(c.logged)).toBeVisible();
    await expect(card(confirmed.id)).toHaveCount(0);
    for (let call = 1; call <= 3; call += 1) {
      await card(unreachable.id).getByLabel(c.outcome).selectOption('no_answer');
      await card(unreachable.id).getByRole('button', { name: c.log }).click();
      await expect(page.getByText(c.logged)).toBeVisible();
      if (call < 3)
        await expect(card(unreachable.id)).toContainText(interpolate(plural(c.attempts, call, shopLocale), { count: call }));
    }
    await expect(card(unreachable.id)).toHaveCount(0);
    expect(stockOf(product)).toBe(8);
    await page.goto(`/${shopLocale}/admin/orders/${unreachable.id}`);
    await expect(page.getByTestId('order-status')).toHaveText(t.orders.status.CANCELED);
    // Why, in the reader's language (the shop writes a key, not an English sentence).
    await expect(page.getByRole('region', { name: t.adminOrders.order.timeline })).toContainText(
      t.adminOrders.order.systemNotes.callsExhausted,
    );
  });

  test('an order goes through every state to delivered, its label says what to collect, and the owner finds the moves in the audit log', async ({
    page,
    browser,
    t,
    shopLocale,
  }) => {
    const product = e2eProduct(10);
    const courier = e2eCourier('Karim');
    const order = await placeCodOrder(page.request, product, 2);
    await signedInStaff(page, 'operations');
    await page.goto(`/${shopLocale}/admin/orders?q=${order.id}`);
    await page.getByRole('link', { name: formatOrderId(order.id), exact: true }).click();
    await step(page, t, 'ACCEPT', t.orders.status.ACCEPT);
    await step(page, t, 'PREPARE', t.orders.status.PREPARE);
    await step(page, t, 'READY_TO_SHIP', t.orders.status.READY_TO_SHIP);
    await handOver(page, t, courier.name);
    await step(page, t, 'DELIVERED', t.orders.status.DELIVERED);
    await expect(page.getByRole('region', { name: t.adminOrders.order.timeline }).getByRole('listitem')).toHaveCount(6);

    await page.getByRole('link', { name: t.adminOrders.order.print }).click();
    await expect(page.getByTestId('label-cash')).toHaveText(
      interpolate(t.adminOrders.print.collect, { amount: formatMoney(order.total, shopLocale) }),
    );
    await expect(
      page.getByRole('img', { name: `${t.adminOrders.print.orderCode} ${formatOrderId(order.id)}` }).locator('svg'),
    ).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: t.adminOrders.print.printNow })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // The owner finds the operator's moves in the audit log, filtered to this order.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signedInStaff(owner, 'owner');
    await owner.goto(`/${shopLocale}/admin/audit?subject=${encodeURIComponent(`order ${order.id}`)}`);
    await expect(owner.getByRole('cell', { name: t.admin.audit.actions['order.move'], exact: true })).toHaveCount(5);
    await expect(owner.getByRole('cell', { name: t.admin.audit.actions['order.call'], exact: true })).toHaveCount(0);
    await ownerContext.close();
  });

  test('a failed delivery is rescheduled, then returned to the warehouse: restocked and closed; two moves at once → the second is told', async ({
    page,
    browser,
    t,
    shopLocale,
  }) => {
    const o = t.adminOrders.order;
    const product = e2eProduct(10);
    const courier = e2eCourier('Hany');
    const order = await placeCodOrder(page.request, product, 4);
    await signedInStaff(page, 'operations');
    await page.goto(`/${shopLocale}/admin/orders/${order.id}`);
    await step(page, t, 'ACCEPT', t.orders.status.ACCEPT);

    // A second operator has the same page open and moves it first.
    const other = await browser.newContext();
    const second = await other.newPage();
    await signedInStaff(second, 'operations');
    await second.goto(`/${shopLocale}/admin/orders/${order.id}`);
    await step(second, t, 'PREPARE', t.orders.status.PREPARE);
    await other.close();
    await page.getByRole('button', { name: o.moves.PREPARE, exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: o.moves.PREPARE }).click();
    await expect(page.getByRole('alert')).toHaveText(interpolate(t.admin.errors.staleOrder, { status: t.orders.status.PREPARE }));
    await page.reload();

    await step(page, t, 'READY_TO_SHIP', t.orders.status.READY_TO_SHIP);
    await handOver(page, t, courier.name);
    await page.getByLabel(o.failedReason).fill('Nobody at home');
    await page.getByLabel(o.reschedule).check();
    await page.getByRole('button', { name: o.record, exact: true }).click();
    await expect(page.getByTestId('order-status')).toHaveText(t.orders.status.READY_TO_SHIP);
    expect(stockOf(product)).toBe(6);
    await handOver(page, t, courier.name);
    await page.getByLabel(o.failedReason).fill('Refused at the door');
    await page.getByLabel(o.returnToOrigin).check();
    await page.getByRole('button', { name: o.record, exact: true }).click();
    await expect(page.getByTestId('order-status')).toHaveText(t.orders.status.CANCELED);
    expect(stockOf(product)).toBe(10);
    await expect(page.getByRole('region', { name: o.timeline })).toContainText('Refused at the door');
  });
  test('on a 360 px phone the first order is on the first screen: the filters fold, the status tabs scroll inside themselves', async ({
    page,
    t,
    at,
  }) => {
    const l = t.adminOrders.list;
    await placeCodOrder(page.request, e2eProduct(5), 1);
    await signedInStaff(page, 'operations');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(at('/admin/orders'));
    const firstOrder = page.locator('tbody tr').first();
    // Without scrolling: the page is at its top and the whole first order's link is on the screen.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(firstOrder.getByRole('link').first()).toBeInViewport({ ratio: 1 });
    // The filters are folded under their summary; one tap opens them.
    await expect(page.getByLabel(l.search)).toBeHidden();
    await page.getByText(l.filters, { exact: true }).click();
    await expect(page.getByLabel(l.search)).toBeVisible();
    // The page does not scroll sideways; the tabs do, inside their own row, and the last one can be reached.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const tabs = page.getByRole('navigation', { name: l.statusTabs });
    expect(await tabs.evaluate((nav) => nav.scrollWidth > nav.clientWidth)).toBe(true);
    const lastTab = tabs.getByRole('link').last();
    await lastTab.scrollIntoViewIfNeeded();
    // (A hair under 1: the row clips at its own edge, where the last tab ends, at a fraction of a pixel.)
    await expect(lastTab).toBeInViewport({ ratio: 0.95 });
    await accessibleAt(page);

    // On a wide screen the filters are open from the start.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(at('/admin/orders'));
    await expect(page.getByLabel(l.search)).toBeVisible();
    await expect(firstOrder).toBeInViewport();
  });
});
