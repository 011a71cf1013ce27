import { afterAll, beforeAll, expect, test } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import { WEBHOOK_SECRET_HEADER } from '../../src/server/couriers/courier-company.ts';
import { SANDBOX_WEBHOOK_SECRET } from '../../src/server/couriers/sandbox-courier.ts';
import { simulatedReplyBody } from '../../src/server/messaging/webhook.ts';
import { signWebhookBody } from '../../src/server/messaging/whatsapp-signature.ts';
import { metrics } from '../../src/server/observability/metrics.ts';
import { shopBacklog } from '../../src/server/observability/shop-backlog.ts';
import { usePaymentGateways } from '../../src/server/payments/gateways.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway.ts';
import { sandboxCallback } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';
import { trackingOf, readyOrder } from '../support/courier-deliveries.ts';
import { codOrder } from '../support/cod-orders.ts';
import { creditWallet, makeAddress, makeProduct, placeOrder, send } from '../support/orders.ts';
import { stubKeys as keys, useStubGateways } from '../support/payment-stub.ts';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text.ts';
import { serveApp } from '../support/serve-app.ts';
import { makeShopper } from '../support/shoppers.ts';
import { searchIndex } from '../../src/server/search/registry.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Issue 50: the business beside the request metrics. Each new series is read from the exposition text (what
 * Prometheus scrapes) before and after the thing it counts happens through the API: an order placed, a payment
 * settled by its provider's callback, webhooks accepted, refused and repeated, a courier delivery moving, a refund
 * paid back, the order-message outbox filling.
 */
const { api, db, json, close, engine } = await testApi();
let stub: Awaited<ReturnType<typeof serveApp>>;
beforeAll(async () => {
  stub = await serveApp(createSandboxGateway({ keys, publicPath: '' }));
  useStubGateways(stub.base);
  metrics().readers.shop = () => shopBacklog(db);
});
afterAll(async () => {
  usePaymentGateways(undefined);
  await stub.close();
  await close();
});

/** One scrape, as the metrics endpoint answers it (its text parsed strictly). */
async function scrape() {
  metrics().newScrape();
  return parsePrometheusText(await metrics().registry.metrics());
}
const value = (families: Awaited<ReturnType<typeof scrape>>, name: string, labels: Record<string, string>) =>
  sampleValue(families, name, labels) ?? 0;

test('orders, payments, webhooks, courier deliveries, refunds and the outbox each move their series', async () => {
  const before = await scrape();
  for (const [name, type] of [
    ['orders_placed_total', 'counter'],
    ['payments_total', 'counter'],
    ['webhooks_received_total', 'counter'],
    ['courier_deliveries_total', 'counter'],
    ['refunds_paid_total', 'counter'],
    ['refunds_paid_piastres_total', 'counter'],
    ['outbox_pending_messages', 'gauge'],
    ['outbox_oldest_pending_seconds', 'gauge'],
    ['readiness_ready', 'gauge'],
    ['readiness_changes_total', 'counter'],
  ] as const)
    expect(before.get(name)?.type, name).toBe(type);

  // Readiness: starting (the search index is not built), then ready: one change, and in rotation. On PostgreSQL there
  // is no index to build (decision 038): ready from the first probe.
  if (engine === 'postgres') {
    expect((await json('/api/health')).status).toBe(200);
    expect(value(await scrape(), 'readiness_ready', {})).toBe(1);
  } else {
    expect((await json('/api/health')).status).toBe(503);
    expect(value(await scrape(), 'readiness_ready', {})).toBe(0);
    await searchIndex(db);
    expect((await json('/api/health')).status).toBe(200);
    const inRotation = await scrape();
    expect(value(inRotation, 'readiness_ready', {})).toBe(1);
    expect(value(inRotation, 'readiness_changes_total', {})).toBe(value(before, 'readiness_changes_total', {}) + 1);
  }

  // A cash-on-delivery order in Arabic: counted by method and locale; its confirmation waits in the outbox.
  const cod = await codOrder(db, json, { lang: 'ar-SA' });
  let after = await scrape();
  const ordered = { payment_method: 'cash_on_delivery', locale: 'ar' };
  expect(value(after, 'orders_placed_total', ordered)).toBe(value(before, 'orders_placed_total', ordered) + 1);
  const channel = (
    await db.selectFrom('order_messages').select('channel').where('order_id', '=', cod.id).executeTakeFirstOrThrow()
  ).channel;
  expect(value(after, 'outbox_pending_messages', { channel })).toBe(value(before, 'outbox_pending_messages', { channel }) + 1);
  await db
    .updateTable('order_messages')
    .set({ created_at: new Date(Date.now() - 600_000).toISOString() })
    .where('order_id', '=', cod.id)
    .execute();
  expect(value(await scrape(), 'outbox_oldest_pending_seconds', { channel })).toBeGreaterThanOrEqual(600);

  // An online payment: its signed callback settles it once; the same callback again is a duplicate, a forged one refused.
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: 30000, stock: 5, before_discount: null });
  const address = await makeAddress(db, shopper.id);
  const placed = await placeOrder(json, shopper, productId, { address_id: address.id, payment_method: 'card' });
  expect((await json(`/api/payments/paytabs`, send('POST', shopper.headers, { order_id: placed.body.data.id }))).status).toBe(
    201,
  );
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', placed.body.data.id)
    .executeTakeFirstOrThrow();
  const session = {
    protocol: 'paytabs' as const,
    tranRef: payment.tran_ref!,
    reference: payment.reference,
    amount: payment.amount,
    currency: payment.currency,
    callbackUrl: '',
    returnUrl: '',
    cancelUrl: null,
    lang: 'en' as const,
  };
  const deliver = (cb: { body: string; headers: Record<string, string> }) =>
    api.request('/api/payments/paytabs/callback', { method: 'POST', headers: cb.headers, body: cb.body });
  const paid = sandboxCallback(session, 'approve', keys);
  expect((await deliver(paid)).status).toBe(200);
  expect((await deliver(paid)).status).toBe(200);
  expect((await deliver(sandboxCallback(session, 'approve', { ...keys, paytabsServerKey: 'guessed-key' }))).status).toBe(401);
  after = await scrape();
  const paytabs = (outcome: string) => ({ provider: 'paytabs', outcome });
  expect(value(after, 'orders_placed_total', { payment_method: 'card', locale: 'en' })).toBe(
    value(before, 'orders_placed_total', { payment_method: 'card', locale: 'en' }) + 1,
  );
  expect(value(after, 'payments_total', paytabs('paid'))).toBe(value(before, 'payments_total', paytabs('paid')) + 1);
  for (const outcome of ['accepted', 'duplicate', 'refused'])
    expect(value(after, 'webhooks_received_total', paytabs(outcome)), outcome).toBe(
      value(before, 'webhooks_received_total', paytabs(outcome)) + 1,
    );

  // WhatsApp: a signed reply, the same again (Meta retrying), and one with a wrong signature.
  const secret = serverConfig().messaging.whatsapp.appSecret;
  const reply = simulatedReplyBody({ phone: cod.phone, replyTo: null, payload: `order:${cod.id}:confirm`, title: 'Confirm' });
  const post = (signature: string) =>
    api.request('/api/whatsapp/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: reply,
    });
  expect((await post(signWebhookBody(secret, reply))).status).toBe(200);
  expect((await post(signWebhookBody(secret, reply))).status).toBe(200);
  expect((await post('sha256=00')).status).toBe(401);
  after = await scrape();
  for (const outcome of ['accepted', 'duplicate', 'refused'])
    expect(value(after, 'webhooks_received_total', { provider: 'whatsapp', outcome }), outcome).toBe(
      value(before, 'webhooks_received_total', { provider: 'whatsapp', outcome }) + 1,
    );

  // A courier delivery handed over and delivered; the company's notice repeated, and one without its secret.
  const operator = await makeStaff(db, api, 'operations');
  const ready = await readyOrder(db, json);
  const handed = await json(
    '/api/admin/courier-deliveries',
    jsonInit('POST', { company: 'sandbox', order_ids: [ready.id] }, operator.cookie),
  );
  expect(handed.status).toBe(200);
  const tracking = await trackingOf(db, ready.id);
  // The sandbox posts each state it passes through the webhook route, as the company would.
  expect((await json(`/api/sandbox-courier/deliveries/${tracking}/deliver`, { method: 'POST' })).status).toBe(200);
  const driven = await scrape();
  expect(value(driven, 'webhooks_received_total', { provider: 'sandbox', outcome: 'accepted' })).toBeGreaterThan(
    value(before, 'webhooks_received_total', { provider: 'sandbox', outcome: 'accepted' }),
  );
  const notice = (secretHeader: string | null) =>
    api.request('/api/couriers/sandbox/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secretHeader ? { [WEBHOOK_SECRET_HEADER]: secretHeader } : {}) },
      body: JSON.stringify({ trackingNumber: tracking, state: 45 }),
    });
  expect((await notice(SANDBOX_WEBHOOK_SECRET)).status).toBe(200);
  expect((await notice(null)).status).toBe(401);
  after = await scrape();
  const delivered = { company: 'sandbox', state: 'delivered' };
  expect(value(after, 'courier_deliveries_total', delivered)).toBe(value(before, 'courier_deliveries_total', delivered) + 1);
  for (const outcome of ['duplicate', 'refused'])
    expect(value(after, 'webhooks_received_total', { provider: 'sandbox', outcome }), outcome).toBe(
      value(driven, 'webhooks_received_total', { provider: 'sandbox', outcome }) + 1,
    );

  // An order paid partly from the wallet, cancelled: the wallet part is paid back at once.
  const saver = await makeShopper(db);
  await creditWallet(db, saver.id, 5000);
  const saverAddress = await makeAddress(db, saver.id);
  const withWallet = await placeOrder(json, saver, productId, { address_id: saverAddress.id, use_wallet: true });
  expect(withWallet.status).toBe(201);
  expect((await json(`/api/orders/${withWallet.body.data.id}/cancel`, send('POST', saver.headers))).status).toBe(200);
  after = await scrape();
  expect(value(after, 'refunds_paid_total', { destination: 'wallet' })).toBe(
    value(before, 'refunds_paid_total', { destination: 'wallet' }) + 1,
  );
  expect(value(after, 'refunds_paid_piastres_total', { destination: 'wallet' })).toBe(
    value(before, 'refunds_paid_piastres_total', { destination: 'wallet' }) + 5000,
  );
}, 60_000);
