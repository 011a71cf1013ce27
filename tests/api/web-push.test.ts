import { afterAll, describe, expect, test } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import { composeOrderMessage } from '../../src/server/messaging/order-messages.ts';
import { configuredChannels, deliverDueMessages } from '../../src/server/messaging/outbox.ts';
import { PUSH_TTL_SECONDS } from '../../src/server/messaging/push-channel.ts';
import { makeAddress, makeProduct, send } from '../support/orders.ts';
import { failDelivery, moveOrderTo } from '../support/order-states.ts';
import { decryptPush, startPushStandIn, verifyVapid } from '../support/push-stand-in.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Order updates as Web Push notifications (issue 41, decision 029) against a local stand-in for the push service:
 * the shopper's browser subscribes through the API with keys the test holds; when the desk's mover moves the order,
 * the outbox's sender posts to the stand-in, and the test decrypts the update in the order's language. A 404 or 410
 * from the push service removes the subscription. Nothing reaches a real push service.
 */
const { db, json, close } = await testApi();
const pushService = await startPushStandIn();
afterAll(async () => {
  await pushService.close();
  await close();
});

const courier = await db
  .insertInto('couriers')
  .values({ name: 'Push Courier', phone: '+201001112299', created_at: new Date().toISOString() })
  .returning('id')
  .executeTakeFirstOrThrow();

/** A shopper with a COD order placed in `lang`, and one browser subscribed through the API. */
async function shopperWithOrder(lang: 'en' | 'ar', consent = true) {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: 25000, stock: 5 });
  const address = await makeAddress(db, shopper.id);
  const browser = pushService.browser();
  const subscribed = await json('/api/push/subscriptions', send('POST', shopper.headers, browser.json));
  expect(subscribed.status).toBe(201);
  const placed = await json(
    `/api/orders?lang=${lang}`,
    send('POST', shopper.headers, {
      products: [{ product_id: productId, quantity: 1 }],
      address_id: address.id,
      payment_method: 'cash_on_delivery',
      message_consent: consent,
    }),
  );
  expect(placed.status).toBe(201);
  return { shopper, browser, orderId: placed.body.data.id as number };
}

const sendDue = () => deliverDueMessages(db, configuredChannels(db));
const requestsTo = (endpoint: string) => pushService.received.filter((r) => r.path === new URL(endpoint).pathname);
const subscriptionsOf = (userId: number) =>
  db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute();

async function updateText(orderId: number, kind: 'with_courier' | 'delivered' | 'failed_attempt') {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  return composeOrderMessage(kind, order).body;
}

describe('the desk moves an order: the shopper’s browser gets the update', () => {
  test('in Arabic for an Arabic order, opening the order page in Arabic', async () => {
    const { browser, orderId } = await shopperWithOrder('ar');
    await moveOrderTo(db, orderId, 'WITH_COURIER', { courierId: courier.id });
    await sendDue();
    const [request] = requestsTo(browser.endpoint);
    expect(request).toBeDefined();
    const payload = JSON.parse(decryptPush(request!.body, browser));
    expect(payload).toEqual({
      title: `الطلب \u2068#${orderId}\u2069`,
      body: await updateText(orderId, 'with_courier'),
      url: `/ar/profile/order-history#order-${orderId}`,
      tag: `order-${orderId}`,
      lang: 'ar',
      dir: 'rtl',
    });
    expect(payload.body).toContain('مع مندوب الشحن');
  });

  test('in English for an English order; delivered and a failed attempt too, each once', async () => {
    const { browser, orderId } = await shopperWithOrder('en');
    await moveOrderTo(db, orderId, 'WITH_COURIER', { courierId: courier.id });
    await failDelivery(db, orderId, 'reschedule');
    await moveOrderTo(db, orderId, 'WITH_COURIER', { courierId: courier.id });
    await moveOrderTo(db, orderId, 'DELIVERED', { courierId: courier.id });
    await sendDue();
    await sendDue();
    const bodies = requestsTo(browser.endpoint).map((r) => JSON.parse(decryptPush(r.body, browser)).body);
    expect(bodies).toEqual([
      await updateText(orderId, 'with_courier'),
      await updateText(orderId, 'failed_attempt'),
      await updateText(orderId, 'delivered'),
    ]);
    expect(bodies[2]).toContain('was delivered');
  });

  test('without WhatsApp consent the notification still goes: the subscription is its own consent', async () => {
    const { browser, orderId } = await shopperWithOrder('en', false);
    await moveOrderTo(db, orderId, 'WITH_COURIER', { courierId: courier.id });
    await sendDue();
    expect(requestsTo(browser.endpoint)).toHaveLength(1);
    const whatsapp = await db
      .selectFrom('order_messages')
      .select('id')
      .where('order_id', '=', orderId)
      .where('channel', '=', 'whatsapp')
      .execute();
    expect(whatsapp).toEqual([]);
  });

  test('a shopper with no browser subscribed gets no notification row', async () => {
    const { shopper, orderId } = await shopperWithOrder('en');
    const endpoint = (await subscriptionsOf(shopper.id))[0]!.endpoint;
    const off = await json(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, send('DELETE', shopper.headers));
    expect(off.status).toBe(200);
    await moveOrderTo(db, orderId, 'WITH_COURIER', { courierId: courier.id });
    const rows = await db
      .selectFrom('order_messages')
      .select('id')
      .where('order_id', '=', orderId)
      .where('channel', '=', 'push')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the request, as push services document it (RFC 8030, 8291, 8292)', () => {
  test('VAPID Authorization signed with the shop’s key for the endpoint’s origin, TTL, aes128gcm', async () => {
    const { browser, orderId } = await shopperWithOrder('en');
    await moveOrderTo(db, orderId, 'WITH_COURIER', { courierId: courier.id });
    await sendDue();
    const [request] = requestsTo(browser.endpoint);
    const vapid = verifyVapid(request!.headers.authorization);
    expect(vapid.key).toBe(serverConfig().push!.publicKey);
    expect(vapid.claims.aud).toBe(pushService.origin);
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    // At most 24 hours ahead (RFC 8292 §2).
    expect(vapid.claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(request!.headers['ttl']).toBe(String(PUSH_TTL_SECONDS));
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers['content-type']).toBe('application/octet-stream');
    expect(request!.headers['urgency']).toBe('normal');
    // The record size and the sender's 65-byte one-time key in the aes128gcm header (RFC 8188 §2.1).
    expect(request!.body.readUInt8(20)).toBe(65);
  });
});

describe('a subscription the push service no longer has', () => {
  for (const status of [410, 404])
    test(`a ${status} removes it, and the message counts as sent (no browser left)`, async () => {
      const { shopper, browser, orderId } = await shopperWithOrder('ar');
      pushService.answer(browser.endpoint, status);
      await moveOrderTo(db, orderId, 'WITH_COURIER', { courierId: courier.id });
      await sendDue();
      expect(requestsTo(browser.endpoint)).toHaveLength(1);
      expect(await subscriptionsOf(shopper.id)).toEqual([]);
      const row = await db
        .selectFrom('order_messages')
        .select('status')
        .where('order_id', '=', orderId)
        .where('channel', '=', 'push')
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('sent');
    });

  test('a 429 keeps it and tries again later', async () => {
    const { shopper, browser, orderId } = await shopperWithOrder('en');
    pushService.answer(browser.endpoint, 429);
    await moveOrderTo(db, orderId, 'WITH_COURIER', { courierId: courier.id });
    await sendDue();
    expect(await subscriptionsOf(shopper.id)).toHaveLength(1);
    const row = await db
      .selectFrom('order_messages')
      .select(['status', 'attempts'])
      .where('order_id', '=', orderId)
      .where('channel', '=', 'push')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'queued', attempts: 1 });
  });
});

describe('the routes', () => {
  test('the public key for subscribe(); subscribing needs a signed-in shopper and a push service’s address', async () => {
    const key = await json('/api/push/key');
    expect(key).toEqual({ status: 200, body: { data: { public_key: serverConfig().push!.publicKey } } });
    const browser = pushService.browser();
    expect((await json('/api/push/subscriptions', send('POST', {}, browser.json))).status).toBe(401);
    const shopper = await makeShopper(db);
    const elsewhere = { ...browser.json, endpoint: 'http://10.1.2.3/collect' };
    const refused = await json('/api/push/subscriptions?lang=ar', send('POST', shopper.headers, elsewhere));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('خدمة الإشعارات في هذا المتصفح غير مقبولة.');
    // The same browser twice (new keys): one row, the newer keys.
    expect((await json('/api/push/subscriptions', send('POST', shopper.headers, browser.json))).status).toBe(201);
    const again = { ...browser.json, keys: { ...browser.json.keys, auth: 'A'.repeat(22) } };
    expect((await json('/api/push/subscriptions', send('POST', shopper.headers, again))).status).toBe(201);
    const rows = await db.selectFrom('push_subscriptions').select('auth').where('user_id', '=', shopper.id).execute();
    expect(rows).toEqual([{ auth: 'A'.repeat(22) }]);
  });
});
