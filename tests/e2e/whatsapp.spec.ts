import { formatOrderId } from '../../src/i18n/format.ts';
import { interpolate } from '../../src/i18n/t.ts';
import { signedInStaff } from './admin-support.ts';
import { checkoutWithCart } from './checkout-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';

/**
 * Issue 37 on the demo provider: a cash-on-delivery order placed with the opt-in to messages gets its WhatsApp
 * confirmation in the shop's language; on the desk's simulator the operator taps Confirm as the shopper would, and the
 * order is confirmed, the reply in its timeline, without a call.
 */
test('COD checkout with consent → the simulator shows the confirmation → Confirm → the desk shows the order confirmed', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  test.setTimeout(120_000);
  const c = t.orders.checkout;
  const s = t.messaging.simulator;
  await checkoutWithCart(page, request, at, shopLocale, 'Home');
  await page.getByRole('radio', { name: shopLocale === 'ar' ? 'الدفع عند الاستلام' : 'Cash on delivery' }).check();
  await page.getByRole('checkbox', { name: t.messaging.consent }).check();
  await page.getByRole('button', { name: c.placeOrder }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  await signedInStaff(page, 'operations');
  await page.goto(`/${shopLocale}/admin/messages`);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: interpolate(s.order, { order: formatOrderId(orderId) }), exact: true }) });
  // The template's text in the order's language, with its three quick replies.
  await expect(card.locator('[data-message-body]')).toContainText(formatOrderId(orderId));
  for (const reply of Object.values(t.messaging.confirm.replies))
    await expect(card.getByRole('button', { name: reply, exact: true })).toBeVisible();
  await hydrated(page, 'MessageSimulator');
  await accessibleAt(page, 360);

  await card.getByRole('button', { name: t.messaging.confirm.replies.confirm, exact: true }).click();
  await expect(page.getByText(s.tapped)).toBeVisible();
  await expect(card.locator('[data-replied]')).toHaveText(interpolate(s.replied, { reply: t.messaging.confirm.replies.confirm }));

  await page.goto(`/${shopLocale}/admin/orders/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText(t.orders.status.ACCEPT);
  const timeline = page.getByRole('region', { name: t.adminOrders.order.timeline });
  await expect(timeline).toContainText(t.adminOrders.order.systemNotes.confirmedByReply);
  await expect(timeline).toContainText(t.adminOrders.order.actors['shopper:whatsapp']);
  await expect(timeline).toContainText(
    interpolate(t.adminOrders.order.kinds.message_reply, {
      channel: s.channel.whatsapp,
      reply: t.messaging.confirm.replies.confirm,
    }),
  );
  // Not a call the operators still have to make.
  await page.goto(`/${shopLocale}/admin/confirmations`);
  await expect(page.getByRole('link', { name: formatOrderId(orderId), exact: true })).toHaveCount(0);
});
