import type { APIRequestContext } from '@playwright/test';
import { e2eProduct, placeCodOrder, signedInStaff, withE2eServices } from './admin-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt, fitsPhones, lookAt } from './template-checks.ts';
import { formatMoney } from '../../src/i18n/format.ts';
import { interpolateIsolated } from '../../src/i18n/t.ts';
import { buildReconciliationReport } from '../../src/desk/payments/server/reconciliation-report.ts';
import { GatewayError, type PaymentGateway, type VerifiedCallback } from '../../src/server/payments/gateway.ts';
import { usePaymentGateways } from '../../src/server/payments/gateways.ts';
import { orderMoney } from '../../src/core/orders/server/refunds.ts';
import { payOrder } from '../support/order-states.ts';

/**
 * Finance's side of Egypt's payment rails (issue 39): a Fawry reference paid at a Fawry point and refunded from the
 * desk through Fawry's refund API (a part, then the rest), and the daily reconciliation report read on the desk.
 */
test.beforeEach(() => test.setTimeout(180_000));

/** A Fawry order of a new shopper paid in cash at the sandbox's Fawry point, then cancelled with its money owed back. */
async function paidFawryOrderCancelled(request: APIRequestContext) {
  const order = await placeCodOrder(request, e2eProduct(5), 2, { fields: { payment_method: 'fawry' } });
  const auth = { authorization: `Bearer ${order.shopper.token}` };
  expect((await request.post('/api/payments/fawry?lang=en-US', { headers: auth, data: { order_id: order.id } })).status()).toBe(
    201,
  );
  const code = await withE2eServices(
    async (db) =>
      (await db.selectFrom('payments').select('bill_reference').where('order_id', '=', order.id).executeTakeFirstOrThrow())
        .bill_reference!,
  );
  const screen = await request.get(`/api/sandbox-gateway/fawry/kiosk/${code}`);
  expect(screen.ok()).toBe(true);
  const paid = await request.post(screen.url(), { form: { choice: 'approve' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const cancelled = await request.post(`/api/orders/${order.id}/cancel?refund_to=card&lang=en-US`, { headers: auth, data: {} });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return order;
}

test('finance refunds a paid Fawry reference from the desk, a part then the rest; received = refunded + kept', async ({
  page,
  request,
  t,
  shopLocale,
}) => {
  const r = t.adminMoney.refunds;
  const order = await paidFawryOrderCancelled(request);
  await signedInStaff(page, 'finance');
  await page.goto(`/${shopLocale}/admin/refunds`);
  await hydrated(page, 'RefundsDesk');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${order.id}`, exact: true }) });
  await expect(row).toContainText(formatMoney(order.total, shopLocale));

  const payThrough = async (amount: string | null, paid: number) => {
    await row.getByRole('button', { name: r.pay }).click();
    const dialog = page.getByRole('dialog', { name: interpolateIsolated(r.payTitle, { order: `#${order.id}` }) });
    await expect(dialog.getByLabel(r.toCard)).toBeChecked();
    if (amount) await dialog.getByLabel(r.amountLabel).fill(amount);
    await dialog.getByRole('button', { name: r.submit }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: r.submit }).click();
    await expect(
      page.getByText(
        interpolateIsolated(r.paid, { amount: formatMoney(paid, shopLocale), destination: r.destinationsInText.card }),
      ),
    ).toBeVisible();
  };
  await payThrough('100', 10000);
  await expect(row).toContainText(formatMoney(order.total - 10000, shopLocale));
  await accessibleAt(page);
  await payThrough(null, order.total - 10000);
  await expect(page.getByRole('link', { name: `#${order.id}`, exact: true })).toHaveCount(0);

  const money = await withE2eServices((db) => orderMoney(db, order.id));
  expect(money).toEqual({ received: order.total, refunded: order.total, kept: 0 });
});

/**
 * What a provider would say about three payments of a day: one refunded by hand in its dashboard, one it never took,
 * one for another amount. A stand-in for the provider's status query in this test's process (the report's
 * comparison is tests/api/payment-reconciliation.test.ts's, against the sandboxes).
 */
function providerSaying(answers: Map<string, Partial<VerifiedCallback>>): PaymentGateway {
  return {
    name: 'paytabs',
    create: () => Promise.reject(new Error('not used')),
    refund: () => Promise.reject(new Error('not used')),
    verifyCallback: () => {
      throw new Error('not used');
    },
    inquire: async (payment) => {
      const said = answers.get(payment.tranRef);
      // A payment of an earlier run of this journey on the same day: this stand-in knows nothing of it.
      if (!said) throw new GatewayError('unknown transaction');
      return { tranRef: payment.tranRef, reference: payment.reference, amount: 0, currency: 'EGP', outcome: 'paid', ...said };
    },
  };
}

test('finance reads the day’s reconciliation report: each mismatch with both sides, at a phone’s width too', async ({
  page,
  request,
  t,
  shopLocale,
}) => {
  const rc = t.adminPayments.reconciliation;
  // A day of this journey's own (one per language), so the two languages never rebuild each other's report.
  const day = shopLocale === 'en' ? '2001-03-01' : '2001-03-02';
  const orders: Awaited<ReturnType<typeof placeCodOrder>>[] = [];
  for (let i = 0; i < 3; i++) orders.push(await placeCodOrder(request, e2eProduct(5), 1, { fields: { payment_method: 'card' } }));
  await withE2eServices(async (db) => {
    const answers = new Map<string, Partial<VerifiedCallback>>();
    for (const [i, order] of orders.entries()) {
      const tranRef = await payOrder(db, order.id);
      // The payment's clock goes back to the journey's day (never its state).
      await db
        .updateTable('payments')
        .set({ created_at: `${day}T10:00:00.000Z` })
        .where('tran_ref', '=', tranRef)
        .execute();
      answers.set(
        tranRef,
        [
          { amount: order.total, refunded: 5000 },
          { amount: order.total, outcome: 'declined' as const },
          { amount: order.total + 100 },
        ][i]!,
      );
    }
    usePaymentGateways({ paytabs: providerSaying(answers) });
    try {
      await buildReconciliationReport(db, day, { rerun: true, origin: 'http://127.0.0.1:9' });
    } finally {
      usePaymentGateways(undefined);
    }
  });

  await signedInStaff(page, 'finance');
  await page.goto(`/${shopLocale}/admin/payments/reconciliation?day=${day}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(rc.title);
  const mismatch = (orderId: number) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${orderId}`, exact: true }) });
  await expect(mismatch(orders[0]!.id)).toContainText(rc.kinds.refunded_there);
  await expect(mismatch(orders[0]!.id)).toContainText(rc.refunded.replace('{amount}', formatMoney(5000, shopLocale)));
  await expect(mismatch(orders[1]!.id)).toContainText(rc.kinds.not_paid_there);
  await expect(mismatch(orders[1]!.id)).toContainText(rc.statuses.declined);
  await expect(mismatch(orders[2]!.id)).toContainText(rc.kinds.amount_differs);
  await expect(mismatch(orders[2]!.id)).toContainText(formatMoney(orders[2]!.total + 100, shopLocale));
  await expect(page.getByRole('row').filter({ hasText: rc.providers.paytabs }).first()).toBeVisible();
  await accessibleAt(page);
  await fitsPhones(page, [360]);
  for (const width of [360, 1280]) await lookAt(page, `reconciliation-${shopLocale}-${width}`, width);
  // A day without a report says so.
  await page.goto(`/${shopLocale}/admin/payments/reconciliation?day=2000-01-01`);
  await expect(page.locator('[data-no-report]')).toBeVisible();
});

test('support cannot open the reconciliation report', async ({ page, shopLocale }) => {
  await signedInStaff(page, 'support');
  const answer = await page.goto(`/${shopLocale}/admin/payments/reconciliation`);
  expect(answer?.status()).toBe(403);
});
