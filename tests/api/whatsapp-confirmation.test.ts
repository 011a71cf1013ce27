import { afterAll, describe, expect, test } from 'vitest';
import { confirmationQueue } from '../../src/desk/orders/server/confirmation-calls.ts';
import { serverConfig } from '../../src/server/config.ts';
import type { MessageChannel } from '../../src/server/messaging/channel.ts';
import { MessageSendError } from '../../src/server/messaging/channel.ts';
import { DemoWhatsappChannel } from '../../src/server/messaging/demo-channel.ts';
import { deliverDueMessages, fallBackUndelivered, type Channels } from '../../src/server/messaging/outbox.ts';
import { simulatedReplyBody } from '../../src/server/messaging/webhook.ts';
import { kickWebhookEvents } from '../../src/server/messaging/webhook-queue.ts';
import { answerByLink, confirmLinkView } from '../../src/server/messaging/confirm-link.ts';
import { signWebhookBody } from '../../src/server/messaging/whatsapp-signature.ts';
import { codOrder as codOrderThroughApi } from '../support/cod-orders.ts';
import { stockOf } from '../support/orders.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { makeShopper } from '../support/shoppers.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Cash-on-delivery orders confirmed by WhatsApp (issue 37), on the demo provider, through the API: the outbox row
 * written with the order, the signed webhook (refused unsigned, changed or replayed), the order moved by the desk's
 * mover as the shopper, the call queue holding only what needs a person, opt-out, statuses and the SMS fallback.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const secret = serverConfig().messaging.whatsapp.appSecret;
const sms: string[] = [];
const smsChannel: MessageChannel = {
  channel: 'sms',
  send: async (m) => {
    sms.push(m.text);
    return { provider: 'test-sms', providerMessageId: null };
  },
};
const channels: Channels = { whatsapp: new DemoWhatsappChannel(), sms: smsChannel };

const codOrder = (options: { consent?: boolean; lang?: string } = {}) => codOrderThroughApi(db, json, options);

const confirmOf = (orderId: number) =>
  db.selectFrom('order_messages').selectAll().where('order_id', '=', orderId).where('kind', '=', 'confirm').executeTakeFirst();
const statusOf = async (orderId: number) =>
  (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

/** A signed post, then what it queued taken (the route answers first and takes the events right after). */
async function post(body: string, signature: string | null = signWebhookBody(secret, body)) {
  const res = await api.request('/api/whatsapp/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    body,
  });
  await kickWebhookEvents(db);
  return res;
}
const tap = (phone: string, orderId: number, reply: string) =>
  simulatedReplyBody({ phone, replyTo: null, payload: `order:${orderId}:${reply}`, title: reply });

function webhook(value: Record<string, unknown>): string {
  return JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value }] }] });
}

describe('the confirmation message', () => {
  test('is written with a COD order that has consent, in the order’s language, and sent by the outbox', async () => {
    const order = await codOrder({ lang: 'ar-EG' });
    const row = await confirmOf(order.id);
    expect(row).toMatchObject({ status: 'queued', channel: 'whatsapp', locale: 'ar', template: 'cod_order_confirmation' });
    expect(row!.body).toContain('برجاء تأكيد طلبك');
    const params = JSON.parse(row!.params);
    expect(params.language).toBe('ar');
    expect(params.replies.map((r: { title: string }) => r.title)).toEqual(['تأكيد الطلب', 'تغيير العنوان', 'إلغاء الطلب']);
    const consent = await db
      .selectFrom('message_consents')
      .selectAll()
      .where('phone', '=', order.phone)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ wording_version: 'order-messages-2026-12', revoked_at: null });
    await deliverDueMessages(db, channels);
    const sent = await confirmOf(order.id);
    expect(sent).toMatchObject({ status: 'sent', provider: 'demo', attempts: 1 });
    expect(sent!.provider_message_id).toMatch(/^wamid\.demo\./);
    // Once: a second run sends nothing again.
    expect(await deliverDueMessages(db, channels)).toBe(0);
  });

  test('is not written without consent, and the order waits for a call at once', async () => {
    const order = await codOrder({ consent: false });
    expect(await confirmOf(order.id)).toBeUndefined();
    expect((await confirmationQueue(db)).map((q) => q.id)).toContain(order.id);
  });

  test('while it waits for a reply the order is not in the call queue; unanswered after the configured time it is', async () => {
    const order = await codOrder();
    expect((await confirmationQueue(db)).map((q) => q.id)).not.toContain(order.id);
    const later = new Date(Date.now() + serverConfig().messaging.replyWindowMs + 1000);
    expect((await confirmationQueue(db, later)).map((q) => q.id)).toContain(order.id);
  });

  test('a WhatsApp refusal no retry can change falls back to SMS', async () => {
    const order = await codOrder();
    const refusing: Channels = {
      whatsapp: { channel: 'whatsapp', send: () => Promise.reject(new MessageSendError('error 131026', false)) },
      sms: smsChannel,
    };
    await deliverDueMessages(db, refusing);
    const rows = await db
      .selectFrom('order_messages')
      .select(['channel', 'status', 'error'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { channel: 'whatsapp', status: 'failed', error: 'error 131026' },
      { channel: 'sms', status: 'queued', error: null },
    ]);
    await deliverDueMessages(db, refusing);
    expect(sms.at(-1)).toContain(`#${order.id}`);
    expect(sms.at(-1)).toContain('please confirm your order');
  });
});

const courier = await db
  .insertInto('couriers')
  .values({ name: 'Karim Courier', phone: '+201001112233', created_at: new Date().toISOString() })
  .returning('id')
  .executeTakeFirstOrThrow();

describe('order updates', () => {
  test('handed to the courier and delivered, in the order’s language, once each', async () => {
    const order = await codOrder({ lang: 'ar-EG' });
    await post(tap(order.phone, order.id, 'confirm'));
    await moveOrderTo(db, order.id, 'DELIVERED', { courierId: courier.id });
    const updates = await db
      .selectFrom('order_messages')
      .select(['kind', 'body'])
      .where('order_id', '=', order.id)
      .where('kind', '!=', 'confirm')
      .orderBy('id')
      .execute();
    expect(updates.map((u) => u.kind)).toEqual(['with_courier', 'delivered']);
    expect(updates[0]!.body).toContain('مع مندوب الشحن');
    expect(updates[0]!.body).toContain('650');
  });
});

describe('the webhook', () => {
  test('answers Meta’s verification handshake only with the verify token', async () => {
    const token = serverConfig().messaging.whatsapp.verifyToken;
    const ok = await api.request(`/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await api.request('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444');
    expect(wrong.status).toBe(403);
  });

  test('refuses a post without a signature, with a wrong one, or with the body changed by one byte; moves nothing', async () => {
    const order = await codOrder();
    const body = tap(order.phone, order.id, 'confirm');
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, signWebhookBody('not-the-secret', body))).status).toBe(401);
    expect((await post(body.replace('"button"', '"button" '), signWebhookBody(secret, body))).status).toBe(401);
    const refused = await post(body, 'sha256=00');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe('Webhook refused: the signature does not match.');
    expect(await statusOf(order.id)).toBe('PLACED');
  });

  test('Confirm moves the order to accepted as the shopper on WhatsApp, audited; a replay and a second tap change nothing', async () => {
    const order = await codOrder();
    const body = tap(order.phone, order.id, 'confirm');
    expect((await post(body)).status).toBe(200);
    expect(await statusOf(order.id)).toBe('ACCEPT');
    const events = await db
      .selectFrom('order_events')
      .select(['status', 'actor', 'note'])
      .where('order_id', '=', order.id)
      .execute();
    expect(events.at(-1)).toEqual({ status: 'ACCEPT', actor: 'shopper:whatsapp', note: 'confirmedByReply' });
    const audit = await db
      .selectFrom('audit_log')
      .select(['staff_email', 'staff_role', 'client_address'])
      .where('subject_id', '=', String(order.id))
      .where('action', '=', 'order.move')
      .execute();
    expect(audit).toEqual([{ staff_email: 'whatsapp', staff_role: 'system', client_address: `whatsapp:${order.phone}` }]);
    expect((await confirmOf(order.id))!.reply).toBe('confirm');
    expect((await confirmationQueue(db, new Date(Date.now() + 86_400_000))).map((q) => q.id)).not.toContain(order.id);

    // Meta retries the same delivery: taken once.
    expect((await post(body)).status).toBe(200);
    // The shopper taps again (a new message id): never moved twice, answered politely once.
    expect((await post(tap(order.phone, order.id, 'cancel'))).status).toBe(200);
    expect((await post(tap(order.phone, order.id, 'confirm'))).status).toBe(200);
    expect(await statusOf(order.id)).toBe('ACCEPT');
    const after = await db.selectFrom('order_events').select('status').where('order_id', '=', order.id).execute();
    expect(after).toHaveLength(events.length);
    const politely = await db
      .selectFrom('order_messages')
      .select('kind')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'moved_on')
      .execute();
    expect(politely).toHaveLength(1);
  });

  test('Cancel cancels the order and gives the stock back', async () => {
    const order = await codOrder();
    expect(await stockOf(db, order.productId)).toBe(3);
    expect((await post(tap(order.phone, order.id, 'cancel'))).status).toBe(200);
    expect(await statusOf(order.id)).toBe('CANCELED');
    expect(await stockOf(db, order.productId)).toBe(5);
  });

  test('Change address puts the order in the call queue with what the shopper wrote next', async () => {
    const order = await codOrder();
    await post(tap(order.phone, order.id, 'change_address'));
    expect(await statusOf(order.id)).toBe('PLACED');
    const from = order.phone.slice(1);
    await post(
      webhook({
        messages: [{ from, id: `wamid.text.${order.id}`, timestamp: '1', type: 'text', text: { body: '12 Nile St, Maadi' } }],
      }),
    );
    const queued = (await confirmationQueue(db)).find((q) => q.id === order.id);
    expect(queued?.message).toEqual({ status: 'queued', reply: 'change_address', replyText: '12 Nile St, Maadi' });
    const asked = await db
      .selectFrom('order_messages')
      .select('kind')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'change_address')
      .execute();
    expect(asked).toHaveLength(1);
  });

  test('a reply for an order that does not exist, or from a number never asked, is logged and ignored', async () => {
    const order = await codOrder();
    const stranger = await makeShopper(db);
    const strangerPhone = (await db.selectFrom('users').select('phone').where('id', '=', stranger.id).executeTakeFirstOrThrow())
      .phone;
    expect((await post(tap(order.phone, 99_999_999, 'confirm'))).status).toBe(200);
    expect((await post(tap(strangerPhone, order.id, 'cancel'))).status).toBe(200);
    expect(await statusOf(order.id)).toBe('PLACED');
    const unknown = await db.selectFrom('message_inbox').select('outcome').where('outcome', '=', 'unknown').execute();
    expect(unknown.length).toBeGreaterThanOrEqual(2);
  });

  test('STOP (or إلغاء) withdraws consent: the next update is not written', async () => {
    const order = await codOrder();
    const from = order.phone.slice(1);
    await post(
      webhook({ messages: [{ from, id: `wamid.stop.${order.id}`, timestamp: '1', type: 'text', text: { body: 'إلغاء' } }] }),
    );
    const consent = await db
      .selectFrom('message_consents')
      .select('revoked_at')
      .where('phone', '=', order.phone)
      .executeTakeFirstOrThrow();
    expect(consent.revoked_at).not.toBeNull();
    await moveOrderTo(db, order.id, 'WITH_COURIER', { courierId: courier.id });
    const updates = await db
      .selectFrom('order_messages')
      .select('kind')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'with_courier')
      .execute();
    expect(updates).toEqual([]);
  });

  test('statuses move a message forward only; a failed one falls back to SMS', async () => {
    const order = await codOrder();
    await deliverDueMessages(db, channels);
    const { provider_message_id: wamid } = (await confirmOf(order.id))!;
    const status = (s: string) =>
      webhook({
        statuses: [
          {
            id: wamid,
            status: s,
            timestamp: '1',
            recipient_id: order.phone.slice(1),
            ...(s === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
          },
        ],
      });
    await post(status('read'));
    await post(status('delivered'));
    expect((await confirmOf(order.id))!.status).toBe('read');

    const other = await codOrder();
    await deliverDueMessages(db, channels);
    const failedId = (await confirmOf(other.id))!.provider_message_id;
    await post(
      webhook({
        statuses: [
          {
            id: failedId,
            status: 'failed',
            timestamp: '1',
            recipient_id: other.phone.slice(1),
            errors: [{ code: 131026, title: 'Message undeliverable' }],
          },
        ],
      }),
    );
    const rows = await db
      .selectFrom('order_messages')
      .select(['channel', 'status'])
      .where('order_id', '=', other.id)
      .where('kind', '=', 'confirm')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { channel: 'whatsapp', status: 'failed' },
      { channel: 'sms', status: 'queued' },
    ]);
    await deliverDueMessages(db, channels);
    expect(sms.at(-1)).toContain(`#${other.id}`);
  });
});

describe('the simulator (demo only, staff only)', () => {
  test('lists the messages as the shopper sees them and taps a quick reply through the signed webhook', async () => {
    const operator = await makeStaff(db, api, 'operations');
    const order = await codOrder({ lang: 'ar-EG' });
    await deliverDueMessages(db, channels);
    const list = await json('/api/admin/messages/simulator', { headers: operator.headers });
    const shown = list.body.data.find((m: { orderId: number }) => m.orderId === order.id);
    expect(shown.replies.map((r: { title: string }) => r.title)).toEqual(['تأكيد الطلب', 'تغيير العنوان', 'إلغاء الطلب']);
    const tapped = await json(`/api/admin/messages/${shown.id}/reply`, jsonInit('POST', { reply: 'confirm' }, operator.cookie));
    expect(tapped).toMatchObject({ status: 201, body: { data: { outcome: 'confirmed' } } });
    expect(await statusOf(order.id)).toBe('ACCEPT');
    const bad = await json(`/api/admin/messages/${shown.id}/reply`, jsonInit('POST', { reply: 'refund' }, operator.cookie));
    expect(bad.status).toBe(422);

    process.env['MESSAGING'] = 'whatsapp';
    try {
      const refused = await json('/api/admin/messages/simulator', { headers: operator.headers });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('The simulator works only in the demo (MESSAGING=demo).');
    } finally {
      delete process.env['MESSAGING'];
    }
  });
});

describe('the SMS fallback’s confirmation link', () => {
  test('the SMS carries a signed link; the page confirms without login, once; a changed token is refused', async () => {
    const order = await codOrder({ lang: 'ar-EG' });
    const refusing: Channels = {
      whatsapp: { channel: 'whatsapp', send: () => Promise.reject(new MessageSendError('error 131026', false)) },
      sms: smsChannel,
    };
    await deliverDueMessages(db, refusing);
    await deliverDueMessages(db, refusing);
    const text = sms.at(-1)!;
    expect(text).toContain('برجاء تأكيد طلبك');
    const link = new URL(/للرد: (\S+)/.exec(text)![1]!);
    expect(link.pathname).toBe('/ar/confirm-order');
    const token = link.searchParams.get('token')!;

    const view = await confirmLinkView(db, token);
    expect(view).toMatchObject({ orderId: order.id, locale: 'ar', answered: null });
    expect(view!.replies.map((r) => r.title)).toEqual(['تأكيد الطلب', 'تغيير العنوان', 'إلغاء الطلب']);
    const forged = token.replace(/^\d+/, String(order.id + 1));
    expect(await confirmLinkView(db, forged)).toBeNull();
    expect(await answerByLink(db, forged, 'cancel')).toBeNull();

    expect(await answerByLink(db, token, 'confirm')).toBe('confirmed');
    expect(await statusOf(order.id)).toBe('ACCEPT');
    const event = await db
      .selectFrom('order_events')
      .select('actor')
      .where('order_id', '=', order.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.actor).toBe('shopper:sms');
    // Works once: a second answer does nothing.
    expect(await answerByLink(db, token, 'cancel')).toBe('duplicate');
    expect(await statusOf(order.id)).toBe('ACCEPT');
    expect((await confirmLinkView(db, token))!.answered).toBe('confirmed');
  });
});

describe('a confirmation WhatsApp never delivers', () => {
  test('goes again by SMS after MESSAGE_FALLBACK_MINUTES, once; a delivered one does not', async () => {
    const silent = await codOrder();
    const delivered = await codOrder();
    await deliverDueMessages(db, channels);
    const wamid = (await confirmOf(delivered.id))!.provider_message_id;
    await post(webhook({ statuses: [{ id: wamid, status: 'delivered', timestamp: '1', recipient_id: '0' }] }));
    expect(await fallBackUndelivered(db)).toBe(0);
    const later = new Date(Date.now() + serverConfig().messaging.fallbackAfterMs + 1000);
    expect(await fallBackUndelivered(db, later)).toBeGreaterThanOrEqual(1);
    expect(await fallBackUndelivered(db, later)).toBe(0);
    const channelsOf = async (orderId: number) =>
      (
        await db
          .selectFrom('order_messages')
          .select('channel')
          .where('order_id', '=', orderId)
          .where('kind', '=', 'confirm')
          .orderBy('id')
          .execute()
      ).map((r) => r.channel);
    expect(await channelsOf(silent.id)).toEqual(['whatsapp', 'sms']);
    expect(await channelsOf(delivered.id)).toEqual(['whatsapp']);
  });
});
