import { afterAll, describe, expect, test } from 'vitest';
import { chosenDay } from '../../src/lib/messaging/replies.ts';
import { serverConfig } from '../../src/server/config.ts';
import { readDeskOrder } from '../../src/desk/orders/server/desk-order.ts';
import { grantConsent } from '../../src/server/messaging/consent.ts';
import { kickWebhookEvents } from '../../src/server/messaging/webhook-queue.ts';
import { simulatedReplyBody } from '../../src/server/messaging/webhook.ts';
import { signWebhookBody } from '../../src/server/messaging/whatsapp-signature.ts';
import { codOrder as codOrderThroughApi } from '../support/cod-orders.ts';
import { trackingOf } from '../support/courier-deliveries.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { owedCardRefund } from '../support/refunds.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The order updates of issue 37 still missing after the confirmation: handed to a courier company with its tracking
 * link, out for delivery with the exact cash to prepare, a failed attempt offering another day (and the answers
 * taken without ever moving the order), a refund paid — each in the order's language, once, as an outbox row.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const operator = await makeStaff(db, api, 'operations');
const finance = await makeStaff(db, api, 'finance');
const secret = serverConfig().messaging.whatsapp.appSecret;

const codOrder = (lang = 'ar-EG') => codOrderThroughApi(db, json, { lang });
const handOver = (orderId: number) =>
  json(
    '/api/admin/courier-deliveries?lang=en-US',
    jsonInit('POST', { company: 'sandbox', order_ids: [orderId] }, operator.cookie),
  );
const drive = (tracking: string, action: string) =>
  json(`/api/sandbox-courier/deliveries/${tracking}/${action}`, { method: 'POST' });
const messagesOf = (orderId: number) =>
  db
    .selectFrom('order_messages')
    .select(['kind', 'channel', 'body', 'template', 'params', 'reply', 'reply_text'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
const messageOf = async (orderId: number, kind: string) => (await messagesOf(orderId)).filter((m) => m.kind === kind);
const statusOf = async (orderId: number) =>
  (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

async function tap(phone: string, payload: string) {
  const body = simulatedReplyBody({ phone, replyTo: null, payload, title: payload });
  const res = await api.request('/api/whatsapp/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhookBody(secret, body) },
    body,
  });
  expect(res.status).toBe(200);
  await kickWebhookEvents(db);
}

/** A COD order in Arabic, confirmed and handed to the sandbox courier company: its tracking number. */
async function handedToCompany() {
  const order = await codOrder();
  await moveOrderTo(db, order.id, 'READY_TO_SHIP');
  expect((await handOver(order.id)).body.data[0].outcome).toBe('created');
  return { order, tracking: await trackingOf(db, order.id) };
}

describe('with a courier company', () => {
  test('the hand-over message carries the tracking link; out for delivery says the exact cash to prepare, once', async () => {
    const { order, tracking } = await handedToCompany();
    await drive(tracking, 'advance');
    expect(await statusOf(order.id)).toBe('WITH_COURIER');
    const [withCourier] = await messageOf(order.id, 'with_courier');
    const link = `${serverConfig().publicOrigin}/api/sandbox-courier/deliveries/${tracking}`;
    expect(withCourier!.body).toContain('مع مندوب الشحن');
    expect(withCourier!.body).toContain(`تابِع شحنتك على ${link} حتى تصلك`);
    expect(withCourier!.template).toBe('order_with_courier_tracking');
    expect(JSON.parse(withCourier!.params).body).toHaveLength(3);
    expect(JSON.parse(withCourier!.params).body[2]).toBe(link);
    expect(await messageOf(order.id, 'out_for_delivery')).toEqual([]);

    await drive(tracking, 'advance');
    const out = await messageOf(order.id, 'out_for_delivery');
    expect(out).toHaveLength(1);
    expect(out[0]!.template).toBe('order_out_for_delivery');
    expect(out[0]!.body).toContain('خرج للتوصيل');
    // 2 × 300 EGP plus delivery, as the courier collects it: the order's cash to collect, in Arabic digits' money format.
    const { cash_to_collect } = await db
      .selectFrom('orders')
      .select('cash_to_collect')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(cash_to_collect).toBeGreaterThan(0);
    expect(JSON.parse(out[0]!.params).body[1]).toContain(String(cash_to_collect / 100));
    // A failed attempt and the company's next run: the order goes out again, its messages stay once each.
    await drive(tracking, 'fail');
    await drive(tracking, 'advance');
    expect(await statusOf(order.id)).toBe('WITH_COURIER');
    expect(await messageOf(order.id, 'out_for_delivery')).toHaveLength(1);
    expect(await messageOf(order.id, 'with_courier')).toHaveLength(1);
  });

  test('a hand-over to the shop’s own courier (no company) has no link', async () => {
    const order = await codOrder('en-US');
    const courier = await db
      .insertInto('couriers')
      .values({ name: 'Own Courier', phone: '+201001110000', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await moveOrderTo(db, order.id, 'WITH_COURIER', { courierId: courier.id, trackingNumber: 'OWN-1' });
    const [withCourier] = await messageOf(order.id, 'with_courier');
    expect(withCourier!.template).toBe('order_with_courier');
    expect(withCourier!.body).toContain('is with the courier');
    expect(withCourier!.body).not.toContain('Follow it at');
  });
});

describe('a failed delivery attempt', () => {
  test('offers another day; the answer is kept for the desk, thanked once, and never moves the order', async () => {
    const { order, tracking } = await handedToCompany();
    await drive(tracking, 'fail');
    expect(await statusOf(order.id)).toBe('READY_TO_SHIP');
    const [failed] = await messageOf(order.id, 'failed_attempt');
    expect(failed!.body).toContain('تعذّر توصيل طلبك');
    const replies = JSON.parse(failed!.params).replies as { payload: string; title: string }[];
    expect(replies.map((r) => r.title)).toEqual(['غدًا', 'بعد غد', 'اتصلوا بي']);
    expect(replies.map((r) => r.payload)).toEqual([
      `day:${order.id}:tomorrow`,
      `day:${order.id}:day_after`,
      `day:${order.id}:call_me`,
    ]);

    await tap(order.phone, `day:${order.id}:tomorrow`);
    expect(await statusOf(order.id)).toBe('READY_TO_SHIP');
    const [answered] = await messageOf(order.id, 'failed_attempt');
    expect(answered).toMatchObject({ reply: 'tomorrow', reply_text: chosenDay('tomorrow', new Date()) });
    const thanks = await messageOf(order.id, 'day_chosen');
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.body).toContain('غدًا');
    expect(thanks[0]!.template).toBeNull();

    // A second tap changes nothing: the first answer stands, no second thank-you.
    await tap(order.phone, `day:${order.id}:call_me`);
    expect((await messageOf(order.id, 'failed_attempt'))[0]!.reply).toBe('tomorrow');
    expect(await messageOf(order.id, 'day_chosen')).toHaveLength(1);

    // The desk reads the answer, with the day it names, in the order's timeline.
    const desk = await readDeskOrder(db, order.id);
    expect(desk!.timeline).toContainEqual(
      expect.objectContaining({ kind: 'message_reply', reply: 'tomorrow', text: chosenDay('tomorrow', new Date()) }),
    );
  });

  test('an answer after the order was delivered is answered politely and never moves it back', async () => {
    const { order, tracking } = await handedToCompany();
    await drive(tracking, 'fail');
    await drive(tracking, 'deliver');
    expect(await statusOf(order.id)).toBe('DELIVERED');
    await tap(order.phone, `day:${order.id}:day_after`);
    expect(await statusOf(order.id)).toBe('DELIVERED');
    expect((await messageOf(order.id, 'failed_attempt'))[0]!.reply).toBeNull();
    expect(await messageOf(order.id, 'moved_on')).toHaveLength(1);
  });

  test('an answer from a number never asked, or for an order without a failed attempt, is ignored', async () => {
    const order = await codOrder();
    const other = await codOrder();
    await tap(other.phone, `day:${order.id}:tomorrow`);
    await tap(order.phone, `day:${order.id}:tomorrow`);
    expect(await statusOf(order.id)).toBe('PLACED');
    expect(await messageOf(order.id, 'day_chosen')).toEqual([]);
  });
});

describe('a refund paid', () => {
  test('tells the shopper the amount and where it went, in the order’s language, once', async () => {
    const owed = await owedCardRefund(db, json);
    const phone = (await db.selectFrom('users').select('phone').where('id', '=', owed.shopper.id).executeTakeFirstOrThrow())
      .phone;
    await grantConsent(db, { userId: owed.shopper.id, phone });
    const paid = await json(
      `/api/admin/refunds/${owed.refundId}/pay?lang=en-US`,
      jsonInit('POST', { destination: 'wallet', amount: owed.amount }, finance.cookie),
    );
    expect(paid.status).toBe(200);
    const [message] = await messageOf(owed.orderId, 'refund_paid');
    expect(message!.template).toBe('order_refund_paid');
    expect(message!.body).toContain('wallet');
    expect(JSON.parse(message!.params).body).toHaveLength(3);
    expect(JSON.parse(message!.params).body[1]).toContain(String(owed.amount / 100));
  });

  test('is not written without consent', async () => {
    const owed = await owedCardRefund(db, json);
    await json(`/api/admin/refunds/${owed.refundId}/pay?lang=en-US`, jsonInit('POST', { destination: 'wallet' }, finance.cookie));
    expect(await messageOf(owed.orderId, 'refund_paid')).toEqual([]);
  });
});
