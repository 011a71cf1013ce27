import { formatOrderId } from '../../src/i18n/format.ts';
import { interpolate, interpolateIsolated, type Dictionary } from '../../src/i18n/t.ts';
import type { OrderStatus } from '../../src/lib/orders/order-status.ts';
import type { Page } from '@playwright/test';
import { e2eCourier, signedInStaff } from './admin-support.ts';
import { codeFor, newPhone, PASSWORD } from './account-support.ts';
import { catalog, lineOf, openWithStoredCart, pick } from './cart-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { makeE2eAddress, withE2eDb } from './login.ts';
import { inReport, resize } from './template-checks.ts';

/**
 * Issue 51, item 5: a cash-on-delivery shopper's whole way in Arabic on a 360 px phone, read as the shopper reads it —
 * the sign-up SMS (Arabic first, the code isolated), the checkout with the consent to messages, the WhatsApp
 * confirmation answered on the desk's simulator, the courier's and the delivered messages, and the order history
 * saying delivered. Each step's screen goes into the journey's report (test-results/…/*.png). English runs every step
 * in its own journeys (accounts, whatsapp, checkout): this one is the Arabic reading.
 */
const FORWARD: readonly OrderStatus[] = ['ACCEPT', 'PREPARE', 'READY_TO_SHIP', 'WITH_COURIER', 'DELIVERED'];

/** The simulator's card of an order's message of one kind, newest first (the number isolated as the page writes it). */
const simulatorCards = (page: Page, t: Dictionary, orderId: number) =>
  page.getByRole('listitem').filter({
    has: page.getByRole('link', {
      name: interpolateIsolated(t.messaging.simulator.order, { order: formatOrderId(orderId) }),
      exact: true,
    }),
  });

test('in Arabic at 360 px: sign-up by SMS → COD order with consent → confirmed on WhatsApp → delivered message and history', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  test.skip(shopLocale !== 'ar', 'the Arabic reading of the cash-on-delivery way');
  test.setTimeout(150_000);
  const a = t.account;
  await resize(page, 360);

  // 1. Sign-up: the SMS starts with the brand in Arabic, the code isolated, so the phone lays it out right to left.
  const phone = newPhone();
  await page.goto(at('/sign-up'));
  await hydrated(page, 'SignUpForm');
  await page.getByLabel(a.firstName).fill('كريم');
  await page.getByLabel(a.lastName).fill('فتحي');
  await page.getByLabel(a.email).fill(`cod-ar-${phone.local}@example.com`);
  await page.getByLabel(a.mobile).fill(phone.local);
  await page.getByLabel(a.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(a.confirmPassword).fill(PASSWORD);
  await inReport(page, 'sign-up');
  await page.getByRole('button', { name: a.createAccount }).click();
  await page.waitForURL(`**${at('/verify-otp')}`);
  const sms = withE2eDb(
    (db) =>
      (db.prepare('SELECT body FROM sms_messages WHERE phone = ? ORDER BY id DESC').get(phone.e164) as { body: string }).body,
  );
  expect(sms).toMatch(/^بازار البن: /);
  expect(sms).toContain(`\u2068${codeFor(phone.e164)}\u2069`);
  await hydrated(page, 'VerifyOtpForm');
  await inReport(page, 'verify-otp');
  await page.getByLabel(a.code).fill(codeFor(phone.e164));
  await page.getByRole('button', { name: a.verify }).click();
  await page.waitForURL(`**${at('/')}`);
  await expect(page.getByText(a.accountCreated)).toBeVisible();

  // 2. A saved address (the address book has its own journeys), then cash on delivery with the consent to messages.
  const shopperId = withE2eDb((db) => (db.prepare('SELECT id FROM users WHERE phone = ?').get(phone.e164) as { id: number }).id);
  makeE2eAddress(shopperId, 'المنزل');
  const product = pick(await catalog(request, 'ar'), (p) => p.stock >= 20 && p.price < 100000, 'product with stock');
  await openWithStoredCart(page, at('/checkout/checkout-payment'), JSON.stringify({ cartsProducts: [lineOf(product, 1)] }));
  await hydrated(page, 'CheckoutPayment');
  await page.getByRole('radio', { name: 'الدفع عند الاستلام' }).check();
  await page.getByRole('checkbox', { name: t.messaging.consent }).check();
  await inReport(page, 'checkout-cod-consent');
  await page.getByRole('button', { name: t.orders.checkout.placeOrder }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await inReport(page, 'order-placed');

  // 3. The confirmation on WhatsApp, in Arabic, answered with its quick reply on the desk's simulator.
  await signedInStaff(page, 'operations');
  await page.goto(at('/admin/messages'));
  await hydrated(page, 'MessageSimulator');
  const confirmation = simulatorCards(page, t, orderId).filter({ hasText: 'برجاء تأكيد طلبك' });
  await expect(confirmation.locator('[data-message-body]')).toContainText('اختر ردك بالأسفل');
  await inReport(page, 'whatsapp-confirmation');
  await confirmation.getByRole('button', { name: t.messaging.confirm.replies.confirm, exact: true }).click();
  await expect(confirmation.locator('[data-replied]')).toHaveText(
    interpolate(t.messaging.simulator.replied, { reply: t.messaging.confirm.replies.confirm }),
  );

  // 4. The desk moves it on with the API its buttons use (admin-orders.spec.ts walks the buttons), to delivered.
  const courier = e2eCourier('سامح');
  let status: OrderStatus = 'ACCEPT';
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as { data: { status: string } }).data.status,
    )
    .toBe(status);
  for (const next of FORWARD.slice(1)) {
    const moved = await page.request.post(`/api/admin/orders/${orderId}/move`, {
      data: { from: status, to: next, ...(next === 'WITH_COURIER' ? { courier_id: courier.id, tracking_number: 'TRK-51' } : {}) },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    status = next;
  }

  // 5. What the shopper read on the way: the cash to prepare with the courier, then the thanks on delivery.
  await page.goto(at('/admin/messages'));
  await hydrated(page, 'MessageSimulator');
  const cards = simulatorCards(page, t, orderId);
  await expect(cards.filter({ hasText: 'مع مندوب الشحن الآن' }).locator('[data-message-body]')).toContainText('نقدًا');
  await expect(cards.filter({ hasText: 'تم توصيل طلبك' })).toHaveCount(1);
  await inReport(page, 'whatsapp-delivered');

  await page.goto(at('/profile/order-history'));
  await hydrated(page, 'OrderHistory');
  const card = page.locator(`[data-order="${orderId}"]`);
  await expect(card.locator('[data-order-status]')).toContainText(t.orders.status.DELIVERED);
  await card.scrollIntoViewIfNeeded();
  await inReport(page, 'order-history-delivered');
});
