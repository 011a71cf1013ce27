import { afterAll, describe, expect, test } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import type { MessageChannel } from '../../src/server/messaging/channel.ts';
import { MessageSendError } from '../../src/server/messaging/channel.ts';
import { answerByLink } from '../../src/server/messaging/confirm-link.ts';
import { confirmLinkToken } from '../../src/server/messaging/confirm-token.ts';
import { DemoWhatsappChannel } from '../../src/server/messaging/demo-channel.ts';
import { queueOrderMessage } from '../../src/server/messaging/order-messages.ts';
import { deliverDueMessages, type Channels } from '../../src/server/messaging/outbox.ts';
import { kickWebhookEvents, processWebhookEvents } from '../../src/server/messaging/webhook-queue.ts';
import { receiveWebhook, simulatedReplyBody } from '../../src/server/messaging/webhook.ts';
import { signWebhookBody } from '../../src/server/messaging/whatsapp-signature.ts';
import { codOrder as codOrderThroughApi } from '../support/cod-orders.ts';
import { testApi } from '../support/test-db.ts';

/**
 * WhatsApp's webhook answers at once and queues its work (issue 37): a verified post stores its events and is
 * answered; the replies and statuses are taken afterwards, once, even when the process taking them dies half-way.
 * And the 24-hour customer-service window: a free-form text goes by WhatsApp only within 24 hours of the shopper's
 * own last WhatsApp message; an SMS, or an answer on the SMS link's page, does not open it.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const secret = serverConfig().messaging.whatsapp.appSecret;
const codOrder = () => codOrderThroughApi(db, json);
const statusOf = async (orderId: number) =>
  (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const tap = (phone: string, orderId: number, reply: string) =>
  simulatedReplyBody({ phone, replyTo: null, payload: `order:${orderId}:${reply}`, title: reply });
const idOf = (body: string): string => JSON.parse(body).entry[0].changes[0].value.messages[0].id;
const eventRows = (eventId: string) => db.selectFrom('webhook_events').selectAll().where('event_id', '=', eventId).execute();
const moves = async (orderId: number) =>
  (await db.selectFrom('order_events').select('status').where('order_id', '=', orderId).execute()).filter(
    (e) => e.status === 'ACCEPT',
  ).length;

describe('the webhook queues its work', () => {
  test('a verified post is stored and answered; the order moves only when the events are taken', async () => {
    const order = await codOrder();
    const body = tap(order.phone, order.id, 'confirm');
    expect(await receiveWebhook(db, body, signWebhookBody(secret, body))).toEqual({ count: 1, stored: [idOf(body)] });
    // Answered: the event is stored, nothing else happened yet.
    expect(await statusOf(order.id)).toBe('PLACED');
    expect(await eventRows(idOf(body))).toMatchObject([{ kind: 'message', phone: order.phone, processed_at: null }]);
    // A replay (Meta retrying) is stored once.
    expect(await receiveWebhook(db, body, signWebhookBody(secret, body))).toEqual({ count: 1, stored: [] });
    expect(await eventRows(idOf(body))).toHaveLength(1);

    expect(await processWebhookEvents(db)).toContain('confirmed');
    expect(await statusOf(order.id)).toBe('ACCEPT');
    expect((await eventRows(idOf(body)))[0]!.processed_at).not.toBeNull();
    expect(await processWebhookEvents(db)).toEqual([]);
    expect(await moves(order.id)).toBe(1);
  });

  test('the route answers 200 with what it stored, and nothing when the signature is wrong', async () => {
    const order = await codOrder();
    const body = tap(order.phone, order.id, 'confirm');
    const post = (signature: string) =>
      api.request('/api/whatsapp/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      });
    expect((await post('sha256=00')).status).toBe(401);
    expect(await eventRows(idOf(body))).toEqual([]);
    const res = await post(signWebhookBody(secret, body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { taken: 1 } });
    expect(await eventRows(idOf(body))).toHaveLength(1);
    await kickWebhookEvents(db);
    expect(await statusOf(order.id)).toBe('ACCEPT');
  });

  test('an event whose taker died mid-way (its claim ran out) is taken by the next run, and moves the order once', async () => {
    const order = await codOrder();
    const body = tap(order.phone, order.id, 'confirm');
    await receiveWebhook(db, body, signWebhookBody(secret, body));
    // A process claimed it, moved the order, and was killed before marking the event taken.
    const claimedUntil = new Date(Date.now() + 60_000).toISOString();
    await db
      .updateTable('webhook_events')
      .set({ claimed_until: claimedUntil, attempts: 1 })
      .where('event_id', '=', idOf(body))
      .execute();
    expect(await processWebhookEvents(db)).toEqual([]);
    expect(await statusOf(order.id)).toBe('PLACED');
    // After the claim runs out another run takes it.
    const later = new Date(Date.now() + 61_000);
    expect(await processWebhookEvents(db, later)).toEqual(['confirmed']);
    expect(await statusOf(order.id)).toBe('ACCEPT');
    // Had the dead process moved the order already, taking it again changes nothing: the inbox row says it was taken.
    await db
      .updateTable('webhook_events')
      .set({ processed_at: null, claimed_until: null })
      .where('event_id', '=', idOf(body))
      .execute();
    expect(await processWebhookEvents(db)).toEqual(['duplicate']);
    expect(await moves(order.id)).toBe(1);
  });
});

const sent: { channel: string; text: string }[] = [];
const recording = (channel: 'whatsapp' | 'sms'): MessageChannel => ({
  channel,
  send: async (m) => {
    sent.push({ channel, text: m.text });
    return channel === 'whatsapp' ? new DemoWhatsappChannel().send() : { provider: 'test-sms', providerMessageId: null };
  },
});
const channels: Channels = { whatsapp: recording('whatsapp'), sms: recording('sms') };
const movedOnRows = (orderId: number) =>
  db
    .selectFrom('order_messages')
    .select(['channel', 'status', 'error'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'moved_on')
    .orderBy('id')
    .execute();
const ageShopperMessages = (phone: string, hours: number) =>
  db
    .updateTable('webhook_events')
    .set({ received_at: new Date(Date.now() - hours * 3_600_000).toISOString() })
    .where('phone', '=', phone)
    .execute();

/** A COD order confirmed by a tap, then a Cancel tapped after it moved on: the shop owes the shopper a free-form answer. */
async function confirmedThenLateCancel() {
  const order = await codOrder();
  await deliverDueMessages(db, channels);
  for (const reply of ['confirm', 'cancel'] as const) {
    const body = tap(order.phone, order.id, reply);
    await receiveWebhook(db, body, signWebhookBody(secret, body));
    await kickWebhookEvents(db);
  }
  return order;
}

describe('the 24-hour customer-service window', () => {
  test('a free-form answer goes by WhatsApp within 24 hours of the shopper’s last WhatsApp message', async () => {
    const order = await confirmedThenLateCancel();
    await ageShopperMessages(order.phone, 23);
    await deliverDueMessages(db, channels);
    expect(await movedOnRows(order.id)).toEqual([{ channel: 'whatsapp', status: 'sent', error: null }]);
  });

  test('outside it the same words go by SMS, never as a free-form WhatsApp text', async () => {
    const order = await confirmedThenLateCancel();
    await ageShopperMessages(order.phone, 25);
    const before = sent.length;
    await deliverDueMessages(db, channels);
    await deliverDueMessages(db, channels);
    expect(await movedOnRows(order.id)).toEqual([
      { channel: 'whatsapp', status: 'skipped', error: 'outside the 24-hour window' },
      { channel: 'sms', status: 'sent', error: null },
    ]);
    expect(sent.slice(before).map((m) => m.channel)).toEqual(['sms']);
  });

  test('an SMS fallback and an answer on its link do not open the window', async () => {
    const order = await codOrder();
    const refusing: Channels = {
      whatsapp: { channel: 'whatsapp', send: () => Promise.reject(new MessageSendError('error 131026', false)) },
      sms: channels.sms,
    };
    await deliverDueMessages(db, refusing);
    await deliverDueMessages(db, refusing);
    expect(await answerByLink(db, confirmLinkToken(order.id), 'confirm')).toBe('confirmed');
    // Something later would answer the shopper in free form on WhatsApp: they never wrote there, so it goes by SMS.
    await db.transaction().execute((trx) => queueOrderMessage(trx, order.id, 'moved_on', 'whatsapp'));
    const before = sent.length;
    await deliverDueMessages(db, channels);
    await deliverDueMessages(db, channels);
    expect(await movedOnRows(order.id)).toEqual([
      { channel: 'whatsapp', status: 'skipped', error: 'outside the 24-hour window' },
      { channel: 'sms', status: 'sent', error: null },
    ]);
    expect(sent.slice(before).every((m) => m.channel === 'sms')).toBe(true);
  });
});
