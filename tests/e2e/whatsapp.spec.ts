import { formatOrderId } from '../../src/i18n/format.ts';
import { interpolate, interpolateIsolated } from '../../src/i18n/t.ts';
import { serverConfig } from '../../src/server/config.ts';
import { signWebhookBody } from '../../src/server/messaging/whatsapp-signature.ts';
import type { Page } from '@playwright/test';
import { e2eProduct, placeCodOrder, signedInStaff, stockOf } from './admin-support.ts';
import { withE2eDb } from './login.ts';
import { checkoutWithCart } from './checkout-support.ts';
import { expect, hydrated, test } from './fixtures.ts';
import { accessibleAt } from './template-checks.ts';
import type { Dictionary } from '../../src/i18n/t.ts';

/** An order's confirmation on the desk's simulator, found by its order link (the number isolated as the page writes it). */
const simulatorCard = (page: Page, t: Dictionary, orderId: number) =>
  page.getByRole('listitem').filter({
    has: page.getByRole('link', {
      name: interpolateIsolated(t.messaging.simulator.order, { order: formatOrderId(orderId) }),
      exact: true,
    }),
  });

/** Taps a quick reply on the simulator as the shopper would, and waits for the card to say it was answered. */
async function tapReply(page: Page, t: Dictionary, orderId: number, reply: keyof Dictionary['messaging']['confirm']['replies']) {
  const card = simulatorCard(page, t, orderId);
  await card.getByRole('button', { name: t.messaging.confirm.replies[reply], exact: true }).click();
  await expect(page.getByText(t.messaging.simulator.tapped)).toBeVisible();
  await expect(card.locator('[data-replied]')).toHaveText(
    interpolate(t.messaging.simulator.replied, { reply: t.messaging.confirm.replies[reply] }),
  );
}

/** The call queue's card of an order (its link is the bare order number). */
const queueCard = (page: Page, orderId: number) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: formatOrderId(orderId), exact: true }) });

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
  const card = simulatorCard(page, t, orderId);
  // The template's text in the order's language, with its three quick replies.
  await expect(card.locator('[data-message-body]')).toContainText(formatOrderId(orderId));
  for (const reply of Object.values(t.messaging.confirm.replies))
    await expect(card.getByRole('button', { name: reply, exact: true })).toBeVisible();
  await hydrated(page, 'MessageSimulator');
  await accessibleAt(page, 360);

  await tapReply(page, t, orderId, 'confirm');

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
  await expect(queueCard(page, orderId)).toHaveCount(0);
});

/** The outbox row of an order's confirmation on a channel, as the sender job left it. */
const confirmationOf = (orderId: number, channel: string) =>
  withE2eDb(
    (db) =>
      db
        .prepare(
          "SELECT status, provider_message_id AS wamid FROM order_messages WHERE order_id = ? AND kind = 'confirm' AND channel = ?",
        )
        .get(orderId, channel) as { status: string; wamid: string | null } | undefined,
  );

test('WhatsApp reports the message failed → an SMS with a link → the page confirms without login, and the link works once', async ({
  page,
  browser,
  baseURL,
  t,
  shopLocale,
}) => {
  test.setTimeout(120_000);
  const l = t.messaging.link;
  const order = await placeCodOrder(page.request, e2eProduct(5), 1, {
    fields: { message_consent: true },
    lang: shopLocale === 'ar' ? 'ar-EG' : 'en-US',
  });
  // The sender job sends the WhatsApp confirmation (demo provider) within MESSAGE_SEND_MS.
  await expect.poll(() => confirmationOf(order.id, 'whatsapp')?.status, { timeout: 20_000 }).toBe('sent');
  const wamid = confirmationOf(order.id, 'whatsapp')!.wamid!;
  // Meta reports it failed (a number not on WhatsApp): a status webhook, signed as Meta signs it, over HTTP.
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '0',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              statuses: [
                {
                  id: wamid,
                  status: 'failed',
                  timestamp: '1',
                  recipient_id: '0',
                  errors: [{ code: 131026, title: 'Message undeliverable' }],
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const posted = await page.request.post('/api/whatsapp/webhook', {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signWebhookBody(serverConfig().messaging.whatsapp.appSecret, body),
    },
    data: body,
  });
  expect(posted.status()).toBe(200);
  await expect.poll(() => confirmationOf(order.id, 'sms')?.status, { timeout: 20_000 }).toBe('sent');
  const sms = withE2eDb(
    (db) =>
      db.prepare('SELECT body FROM sms_messages WHERE body LIKE ? ORDER BY id DESC').get(`%token=${order.id}.%`) as {
        body: string;
      },
  );
  const link = new URL(/(https?:\/\/\S+)/.exec(sms.body)![1]!);

  // No login: a fresh browser, as on the shopper's phone.
  const shoppersPhone = await browser.newContext(baseURL ? { baseURL } : {});
  const phone = await shoppersPhone.newPage();
  await phone.goto(`${link.pathname}${link.search}`);
  await expect(phone.getByRole('heading', { name: l.title })).toBeVisible();
  await expect(phone.locator('[data-link-body]')).toContainText(formatOrderId(order.id));
  await accessibleAt(phone, 360);
  await phone.getByRole('button', { name: t.messaging.confirm.replies.confirm, exact: true }).click();
  await expect(phone.getByRole('status')).toHaveText(l.done.confirmed);
  // Once: the same link again says it was used, and offers nothing.
  await phone.goto(`${link.pathname}${link.search}`);
  await expect(phone.getByRole('status')).toHaveText(l.done.used);
  await expect(phone.getByRole('button', { name: t.messaging.confirm.replies.cancel, exact: true })).toHaveCount(0);
  await shoppersPhone.close();
  expect(
    withE2eDb((db) => (db.prepare('SELECT status FROM orders WHERE id = ?').get(order.id) as { status: string }).status),
  ).toBe('ACCEPT');
});

/** A COD order placed through the API with the opt-in, in the shop's language, once its WhatsApp confirmation went. */
async function placedWithConfirmation(page: Page, shopLocale: string, productId: number, quantity: number) {
  const order = await placeCodOrder(page.request, productId, quantity, {
    fields: { message_consent: true },
    lang: shopLocale === 'ar' ? 'ar-EG' : 'en-US',
  });
  await expect.poll(() => confirmationOf(order.id, 'whatsapp')?.status, { timeout: 20_000 }).toBe('sent');
  return order;
}

test('an order nobody answers on WhatsApp stays out of the call queue, then reaches it once the reply time has passed', async ({
  page,
  t,
  shopLocale,
}) => {
  test.setTimeout(120_000);
  const order = await placedWithConfirmation(page, shopLocale, e2eProduct(5), 1);
  await signedInStaff(page, 'operations');
  // Waiting for the shopper's answer: no call yet.
  await page.goto(`/${shopLocale}/admin/confirmations`);
  await expect(page.getByRole('heading', { name: t.adminOrders.calls.title, level: 1 })).toBeVisible();
  await expect(queueCard(page, order.id)).toHaveCount(0);

  // CONFIRMATION_REPLY_MINUTES (and a minute) later, without waiting them: the message is made that old. Only its
  // created_at, what the queue reads: an old sent_at would send the SMS fallback, a newer message of its own.
  const replyWindowMs = serverConfig().messaging.replyWindowMs;
  const writtenAt = new Date(Date.now() - replyWindowMs - 60_000).toISOString();
  withE2eDb((db) =>
    db
      .prepare("UPDATE order_messages SET created_at = ? WHERE order_id = ? AND kind = 'confirm' AND channel = 'whatsapp'")
      .run(writtenAt, order.id),
  );
  await page.goto(`/${shopLocale}/admin/confirmations`);
  const card = queueCard(page, order.id);
  await expect(card).toBeVisible();
  await expect(card).toContainText(t.adminOrders.calls.whatsapp.unanswered);
  await expect(card.getByLabel(t.adminOrders.calls.outcome)).toBeVisible();
  await hydrated(page, 'CallQueue');
  await accessibleAt(page, 360);
});

test('Cancel tapped on the simulator → the order is cancelled by the reply and its stock is back', async ({
  page,
  t,
  shopLocale,
}) => {
  test.setTimeout(120_000);
  const product = e2eProduct(5);
  const order = await placedWithConfirmation(page, shopLocale, product, 2);
  expect(stockOf(product)).toBe(3);

  await signedInStaff(page, 'operations');
  await page.goto(`/${shopLocale}/admin/messages`);
  await expect(simulatorCard(page, t, order.id)).toBeVisible();
  await hydrated(page, 'MessageSimulator');
  await tapReply(page, t, order.id, 'cancel');

  await page.goto(`/${shopLocale}/admin/orders/${order.id}`);
  await expect(page.getByTestId('order-status')).toHaveText(t.orders.status.CANCELED);
  const timeline = page.getByRole('region', { name: t.adminOrders.order.timeline });
  await expect(timeline).toContainText(t.adminOrders.order.systemNotes.cancelledByReply);
  await expect(timeline).toContainText(t.adminOrders.order.actors['shopper:whatsapp']);
  // The two bags are on the shelf again, and the order is no call to make.
  expect(stockOf(product)).toBe(5);
  await page.goto(`/${shopLocale}/admin/confirmations`);
  await expect(queueCard(page, order.id)).toHaveCount(0);
});
