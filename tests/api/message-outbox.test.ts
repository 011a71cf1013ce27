import { afterAll, expect, test } from 'vitest';
import type { MessageChannel, OutgoingMessage } from '../../src/server/messaging/channel.ts';
import { deliverDueMessages, type Channels } from '../../src/server/messaging/outbox.ts';
import { makeAddress, makeProduct, placeOrder } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The outbox across crashes and instances (issue 37): a burst of COD orders, senders running side by side, and a
 * sender that dies mid-send; afterwards every order has exactly one confirmation sent.
 */
const { db, json, close } = await testApi();
afterAll(close);

const orderOf = (m: OutgoingMessage) => Number(/order:(\d+):/.exec(m.template!.replies[0]!.payload)![1]);

/**
 * A WhatsApp stand-in counting each order's sends. `hangOn`: the process is killed while the provider holds its n-th
 * send, so from then on no send settles (those already started were in the provider's hands at the kill). `latencyMs`:
 * how long the provider takes to answer; `inFlight` records the most sends it held at once.
 */
function countingChannel(
  sends: Map<number, number>,
  {
    hangOn,
    hung,
    latencyMs = 0,
    inFlight,
  }: { hangOn?: number; hung?: () => void; latencyMs?: number; inFlight?: { now: number; most: number } } = {},
): MessageChannel {
  let n = 0;
  return {
    channel: 'whatsapp',
    send: async (m) => {
      const order = orderOf(m);
      sends.set(order, (sends.get(order) ?? 0) + 1);
      n += 1;
      if (hangOn !== undefined && n >= hangOn) {
        if (n === hangOn) hung?.();
        return new Promise(() => undefined);
      }
      if (inFlight) inFlight.most = Math.max(inFlight.most, (inFlight.now += 1));
      await new Promise((done) => setTimeout(done, latencyMs));
      if (inFlight) inFlight.now -= 1;
      return { provider: 'count', providerMessageId: `wamid.${order}.${n}` };
    },
  };
}
const sms: MessageChannel = { channel: 'sms', send: () => Promise.reject(new Error('no SMS in this test')) };

async function burst(count: number): Promise<number[]> {
  const productId = await makeProduct(db, { price: 1000, stock: count * 2 });
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const shopper = await makeShopper(db);
    const address = await makeAddress(db, shopper.id);
    const res = await placeOrder(json, shopper, productId, { address_id: address.id, message_consent: true });
    expect(res.status).toBe(201);
    ids.push(res.body.data.id as number);
  }
  return ids;
}

async function sentPerOrder(ids: number[]) {
  const rows = await db
    .selectFrom('order_messages')
    .select(['order_id', 'status'])
    .where('kind', '=', 'confirm')
    .where('order_id', 'in', ids)
    .execute();
  return ids.map((id) => rows.filter((r) => r.order_id === id && r.status === 'sent').length);
}

test('three senders side by side, one run each, send each of 50 confirmations once', async () => {
  const ids = await burst(50);
  const sends = new Map<number, number>();
  const senders = [0, 1, 2].map((): Channels => ({ whatsapp: countingChannel(sends), sms }));
  const sent = await Promise.all(senders.map((channels) => deliverDueMessages(db, channels)));
  expect(sent.reduce((a, b) => a + b, 0)).toBe(50);
  expect(await sentPerOrder(ids)).toEqual(ids.map(() => 1));
  expect(ids.map((id) => sends.get(id))).toEqual(ids.map(() => 1));
  // 50 orders placed one by one: on PostgreSQL beside the journeys this outran the 20 s default once, and the timed-out
  // test's senders then claimed the next test's messages.
}, 90_000);

test("one run sends a backlog larger than a batch, several orders in the provider's hands at once", async () => {
  const ids = await burst(60);
  const sends = new Map<number, number>();
  const inFlight = { now: 0, most: 0 };
  // A provider taking 30 ms an answer: one at a time, the chaos run's 38 orders a second would outrun it.
  const sent = await deliverDueMessages(db, { whatsapp: countingChannel(sends, { latencyMs: 30, inFlight }), sms });
  expect(sent).toBe(60);
  expect(await sentPerOrder(ids)).toEqual(ids.map(() => 1));
  expect(inFlight.most).toBeGreaterThan(1);
  expect(inFlight.most).toBeLessThanOrEqual(8);
}, 90_000);

test('a sender killed mid-send: after the restart every order has exactly one confirmation sent', async () => {
  const ids = await burst(50);
  const sends = new Map<number, number>();
  // The first process dies on its 7th send: its batch never finishes, its claims stay on the rows it had not done.
  await new Promise<void>(
    (killed) => void deliverDueMessages(db, { whatsapp: countingChannel(sends, { hangOn: 7, hung: killed }), sms }),
  );
  // Let the sends it had started reach the (dead) provider.
  await new Promise((done) => setTimeout(done, 200));
  const stuck = await db.selectFrom('order_messages').select('id').where('claimed_until', 'is not', null).execute();
  expect(stuck.length).toBeGreaterThanOrEqual(1);
  expect(stuck.length).toBeLessThanOrEqual(50 - 6);
  // The restarted process, after the dead one's claims ran out (60 s).
  const later = new Date(Date.now() + 61_000);
  const restarted: Channels = { whatsapp: countingChannel(sends), sms };
  while ((await deliverDueMessages(db, restarted, later)) > 0);
  expect(await sentPerOrder(ids)).toEqual(ids.map(() => 1));
  // Only the messages in the provider's hands at the kill (at most one per sender lane) may have reached it twice.
  const twice = ids.filter((id) => (sends.get(id) ?? 0) > 1);
  expect(twice.length).toBeLessThanOrEqual(8);
  expect(ids.every((id) => (sends.get(id) ?? 0) >= 1)).toBe(true);
}, 90_000);
