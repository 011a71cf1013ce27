import { afterAll, describe, expect, test } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import { configuredChannels, deliverDueMessages } from '../../src/server/messaging/outbox.ts';
import { queueRatingRequests } from '../../src/server/services/reviews/rating-requests.ts';
import { makeAddress, makeProduct, send } from '../support/orders.ts';
import { moveOrderTo } from '../support/order-states.ts';
import { decryptPush, startPushStandIn } from '../support/push-stand-in.ts';
import { rate } from '../support/reviews.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The rating request (issue 52, item 6): RATING_REQUEST_DAYS after delivery, the shopper is asked to rate what they
 * received — the WhatsApp template only with the phone's consent, a notification only to a subscribed browser — in
 * the order's language, with a link to the rating form; once per order whatever the number of runs at once; never for
 * an order returned or whose every line the shopper already rated.
 */
const { api, db, json, close } = await testApi();
const pushService = await startPushStandIn();
afterAll(async () => {
  await pushService.close();
  await close();
});

const courier = await db
  .insertInto('couriers')
  .values({ name: 'Rating Courier', phone: '+201001112277', created_at: new Date().toISOString() })
  .returning('id')
  .executeTakeFirstOrThrow();
const DAY = 86_400_000;
const origin = serverConfig().publicOrigin;

/** A delivered COD order of `products` (one unit each) in `lang`, with or without consent and a subscribed browser. */
async function deliveredOrder(lang: 'en' | 'ar', options: { products?: number; consent?: boolean; browser?: boolean } = {}) {
  const shopper = await makeShopper(db);
  const products: number[] = [];
  for (let i = 0; i < (options.products ?? 1); i++) products.push(await makeProduct(db, { price: 25_000, stock: 5 }));
  const address = await makeAddress(db, shopper.id);
  const browser = options.browser ? pushService.browser() : null;
  if (browser) expect((await json('/api/push/subscriptions', send('POST', shopper.headers, browser.json))).status).toBe(201);
  const placed = await json(
    `/api/orders?lang=${lang}`,
    send('POST', shopper.headers, {
      products: products.map((product_id) => ({ product_id, quantity: 1 })),
      address_id: address.id,
      payment_method: 'cash_on_delivery',
      message_consent: options.consent ?? true,
    }),
  );
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.id as number;
  await moveOrderTo(db, orderId, 'DELIVERED', { courierId: courier.id, reason: 'test' });
  const { delivered_at } = await db
    .selectFrom('orders')
    .select('delivered_at')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { shopper, products, orderId, browser, deliveredAt: Date.parse(delivered_at!) };
}

const requestsOf = (orderId: number) =>
  db
    .selectFrom('order_messages')
    .select(['channel', 'body', 'template', 'params', 'locale'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'rate_request')
    .orderBy('channel')
    .execute();
const outcomeOf = async (orderId: number) =>
  (await db.selectFrom('rating_requests').select('outcome').where('order_id', '=', orderId).executeTakeFirst())?.outcome;
/** The job's run at `days` after the order's delivery (plus a minute). */
const runAt = (deliveredAt: number, days: number) => queueRatingRequests(db, new Date(deliveredAt + days * DAY + 60_000));

describe('when it is sent', () => {
  test('not before RATING_REQUEST_DAYS; then once in Arabic for an Arabic order, linking to the product’s rating form', async () => {
    expect(serverConfig().ratingRequestDays).toBe(3);
    const { orderId, products, deliveredAt } = await deliveredOrder('ar');
    await runAt(deliveredAt, 2);
    expect(await requestsOf(orderId)).toEqual([]);
    expect(await outcomeOf(orderId)).toBeUndefined();

    expect((await runAt(deliveredAt, 3)).get(orderId)).toBe('asked');
    const [whatsapp, ...others] = await requestsOf(orderId);
    expect(others).toEqual([]);
    const link = `${origin}/ar/single-product/${products[0]}#rate`;
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', template: 'order_rate_request', locale: 'ar' });
    expect(whatsapp!.body).toMatch(/^بازار البن: ما رأيك في طلبك/);
    expect(whatsapp!.body).toContain(`قيّم ما وصلك على ${link} لتساعد`);
    expect(JSON.parse(whatsapp!.params)).toMatchObject({ language: 'ar', body: [`\u2068#${orderId}\u2069`, link] });
    expect(await outcomeOf(orderId)).toBe('asked');

    // A later run, a day after: nothing more.
    await runAt(deliveredAt, 4);
    expect(await requestsOf(orderId)).toHaveLength(1);
  });

  test('five runs at once (several instances) write one request per channel', async () => {
    const { orderId, deliveredAt } = await deliveredOrder('en', { browser: true });
    const runs = await Promise.all(Array.from({ length: 5 }, () => runAt(deliveredAt, 3)));
    expect(runs.filter((decided) => decided.get(orderId) === 'asked')).toHaveLength(1);
    expect((await requestsOf(orderId)).map((m) => m.channel)).toEqual(['push', 'whatsapp']);
  });

  test('an English order of two products: in English, the link opens the order in the order history', async () => {
    const { orderId, deliveredAt } = await deliveredOrder('en', { products: 2 });
    await runAt(deliveredAt, 3);
    const [whatsapp] = await requestsOf(orderId);
    expect(whatsapp!.body).toBe(
      `Bean Bazaar: how was your order \u2068#${orderId}\u2069? Rate what you received at ${origin}/en/profile/order-history#order-${orderId} and help other coffee lovers choose.`,
    );
  });

  test('an order delivered long before the job first ran is not asked about', async () => {
    const { orderId, deliveredAt } = await deliveredOrder('en');
    await runAt(deliveredAt, 3 + 8);
    expect(await requestsOf(orderId)).toEqual([]);
    expect(await outcomeOf(orderId)).toBeUndefined();
  });
});

describe('consent', () => {
  test('without WhatsApp consent no WhatsApp message; a subscribed browser gets the notification, tapping opens the form', async () => {
    const { orderId, products, browser, deliveredAt } = await deliveredOrder('ar', { consent: false, browser: true });
    await runAt(deliveredAt, 3);
    expect((await requestsOf(orderId)).map((m) => m.channel)).toEqual(['push']);
    pushService.received.length = 0;
    // Everything the earlier tests queued goes too (a batch at a time).
    for (let i = 0; i < 10 && (await deliverDueMessages(db, configuredChannels(db))) > 0; i++);
    const pushed = pushService.received
      .filter((r) => r.path === new URL(browser!.endpoint).pathname)
      .map((r) => JSON.parse(decryptPush(r.body, browser!)));
    const request = pushed.find((p) => p.url.includes('#rate'));
    expect(request).toMatchObject({ url: `/ar/single-product/${products[0]}#rate`, lang: 'ar', dir: 'rtl' });
    expect(request.body).toMatch(/^بازار البن: ما رأيك في طلبك/);
  });

  test('neither consent nor a browser: nothing is written, and the order is not asked about again', async () => {
    const { orderId, deliveredAt } = await deliveredOrder('en', { consent: false });
    expect((await runAt(deliveredAt, 3)).get(orderId)).toBe('asked');
    expect(await requestsOf(orderId)).toEqual([]);
    expect((await runAt(deliveredAt, 3)).has(orderId)).toBe(false);
  });
});

describe('nothing to rate', () => {
  test('every line already rated: no request', async () => {
    const { shopper, orderId, products, deliveredAt } = await deliveredOrder('en', { products: 2 });
    for (const product of products) expect((await rate(json, shopper, product, { rating: 5 })).status).toBe(201);
    expect((await runAt(deliveredAt, 3)).get(orderId)).toBe('nothing_to_rate');
    expect(await requestsOf(orderId)).toEqual([]);
  });

  test('one of two lines rated: the link opens the other one’s rating form', async () => {
    const { shopper, orderId, products, deliveredAt } = await deliveredOrder('en', { products: 2 });
    expect((await rate(json, shopper, products[0]!, { rating: 4 })).status).toBe(201);
    await runAt(deliveredAt, 3);
    const [whatsapp] = await requestsOf(orderId);
    expect(whatsapp!.body).toContain(`${origin}/en/single-product/${products[1]}#rate`);
  });

  test('an order returned after delivery: no request', async () => {
    const { orderId, deliveredAt } = await deliveredOrder('en', { browser: true });
    const finance = await makeStaff(db, api, 'finance');
    const lines = await db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).execute();
    const returned = await json(
      `/api/admin/orders/${orderId}/returned-lines?lang=en`,
      send('POST', { cookie: finance.cookie }, { line_ids: lines.map((l) => l.id), reason: 'damaged in transit' }),
    );
    expect(returned.status).toBe(200);
    expect((await runAt(deliveredAt, 3)).get(orderId)).toBe('nothing_to_rate');
    expect(await requestsOf(orderId)).toEqual([]);
  });
});
