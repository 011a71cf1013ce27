import { afterAll, expect, test } from 'vitest';
import { choosePeriod } from '../../src/desk/dashboard/confirmation-figures.ts';
import { readConfirmationFigures } from '../../src/desk/orders/server/confirmation-figures.ts';
import type { StaffActor } from '../../src/core/actors/server/actors.ts';
import { answerByLink } from '../../src/server/messaging/confirm-link.ts';
import { confirmLinkToken } from '../../src/server/messaging/confirm-token.ts';
import { makeAddress, makeProduct, placeOrder } from '../support/orders.ts';
import { planOf, recordingDb } from '../support/query-plans.ts';
import { backdateOrder, failDelivery, moveOrderTo } from '../support/order-states.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';
import { whatsappReply } from '../support/whatsapp-reply.ts';

/**
 * The confirmation desk's figures over a known mix of cash-on-delivery orders, each confirmed the way a shopper or
 * the desk does it (a WhatsApp quick reply through the signed webhook, the SMS link, a staff member's call), on a
 * database of its own so every figure is exact.
 */
const { api, db, json, close, engine } = await testApi();
afterAll(close);

const support = await makeStaff(db, api, 'support');
const caller: StaffActor = {
  id: support.id,
  email: support.email,
  name: 'support',
  role: 'support',
  clientAddress: '203.0.113.9',
};
const courier = await db
  .insertInto('couriers')
  .values({ name: 'Karim Courier', phone: '+201001112233', created_at: new Date().toISOString() })
  .returning('id')
  .executeTakeFirstOrThrow();

async function codOrder() {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: 30000, stock: 5 });
  const address = await makeAddress(db, shopper.id);
  const res = await placeOrder(json, shopper, productId, { address_id: address.id, message_consent: true });
  expect(res.status).toBe(201);
  const { phone } = await db.selectFrom('users').select('phone').where('id', '=', shopper.id).executeTakeFirstOrThrow();
  return { id: res.body.data.id as number, phone };
}

const now = new Date();
const minutes = (n: number) => n * 60_000;
const placedAt = new Date(now.getTime() - 2 * 24 * 60 * 60_000);
/** Placed two days ago; confirmed `after` minutes later; any later event a day after placing. */
const timeline = (after: number) => [
  placedAt,
  new Date(placedAt.getTime() + minutes(after)),
  new Date(placedAt.getTime() + minutes(24 * 60)),
];
const at = (orderId: number, after: number) => backdateOrder(db, orderId, { createdAt: placedAt, events: timeline(after) });

test('confirmation by channel, time to confirm, cancellations by reply and return to origin, as docs/messaging.md defines them', async () => {
  const byWhatsapp = [await codOrder(), await codOrder()];
  await whatsappReply(api, db, byWhatsapp[0]!, 'confirm');
  await whatsappReply(api, db, byWhatsapp[1]!, 'confirm');
  await at(byWhatsapp[0]!.id, 10);
  await at(byWhatsapp[1]!.id, 30);

  const bySms = await codOrder();
  expect(await answerByLink(db, confirmLinkToken(bySms.id), 'confirm')).toBe('confirmed');
  await at(bySms.id, 60);

  const byCall = await codOrder();
  await moveOrderTo(db, byCall.id, 'ACCEPT', { actor: caller });
  await at(byCall.id, 120);

  const cancelled = await codOrder();
  await whatsappReply(api, db, cancelled, 'cancel');
  await at(cancelled.id, 5);

  // Confirmed at the terminal (the tests' actor), then delivered, or failed at the door and returned.
  const delivered = await codOrder();
  await moveOrderTo(db, delivered.id, 'DELIVERED', { courierId: courier.id });
  await at(delivered.id, 5);
  const returned = await codOrder();
  await moveOrderTo(db, returned.id, 'WITH_COURIER', { courierId: courier.id });
  await failDelivery(db, returned.id, 'return', { reason: 'Refused at the door' });
  await at(returned.id, 240);

  // Still waiting for its answer: placed, never confirmed.
  const waiting = await codOrder();
  await at(waiting.id, 0);
  // Placed 40 days ago and confirmed by WhatsApp: outside the last 30 days.
  const old = await codOrder();
  await whatsappReply(api, db, old, 'confirm');
  await backdateOrder(db, old.id, {
    createdAt: new Date(now.getTime() - 40 * 24 * 60 * 60_000),
    events: new Date(now.getTime() - 40 * 24 * 60 * 60_000),
  });

  const { period, error } = choosePeriod(null, null, now);
  expect(error).toBeNull();
  const figures = await readConfirmationFigures(db, period);
  expect(figures).toEqual({
    period,
    placed: 8,
    channels: {
      whatsapp: { orders: 2, medianMinutes: 20 },
      sms: { orders: 1, medianMinutes: 60 },
      staff: { orders: 1, medianMinutes: 120 },
      other: { orders: 2, medianMinutes: 122.5 },
      // The cancelled and the waiting order.
      none: { orders: 2, medianMinutes: null },
    },
    confirmationRate: 6 / 8,
    // 5, 10, 30, 60, 120, 240 minutes.
    medianMinutesToConfirm: 45,
    cancelledByReply: { orders: 1, rate: 1 / 8 },
    delivery: { delivered: 1, returned: 1, returnRate: 0.5 },
  });

  // A period holding only the old order: its WhatsApp confirmation alone.
  const day40 = new Date(now.getTime() - 40 * 24 * 60 * 60_000).toISOString().slice(0, 10);
  const before = choosePeriod(addDay(day40, -1), addDay(day40, 1), now);
  const older = await readConfirmationFigures(db, before.period);
  expect(older.placed).toBe(1);
  expect(older.channels.whatsapp.orders).toBe(1);
  expect(older.medianMinutesToConfirm).toBe(0);
});

function addDay(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

test('a period the desk cannot use falls back to the last 30 days, with the reason; an empty one has no rates', async () => {
  const now = new Date('2026-11-26T10:00:00Z');
  expect(choosePeriod(null, null, now)).toEqual({ period: { from: '2026-10-28', to: '2026-11-26' }, error: null });
  expect(choosePeriod('2026-11-01', '2026-11-10', now)).toEqual({
    period: { from: '2026-11-01', to: '2026-11-10' },
    error: null,
  });
  expect(choosePeriod('2026-11-10', '2026-11-01', now).error).toBe('fromAfterTo');
  expect(choosePeriod('2026-13-40', '', now).error).toBe('badDate');
  expect(choosePeriod('2026-02-31', '2026-03-05', now).error).toBe('badDate');
  expect(choosePeriod('2024-01-01', '2026-11-01', now).error).toBe('tooLong');
  const empty = await readConfirmationFigures(db, { from: '2020-01-01', to: '2020-01-31' });
  expect(empty).toMatchObject({ placed: 0, confirmationRate: null, medianMinutesToConfirm: null });
  expect(empty.cancelledByReply.rate).toBeNull();
  expect(empty.delivery.returnRate).toBeNull();
});

test('the figures read the period through the orders’ created_at index and each event by its order (SQLite plan)', async () => {
  if (engine !== 'sqlite') return; // PostgreSQL's planner rightly scans a table this small; SQLite's plan is the shape.
  const recorded = recordingDb(db);
  await readConfirmationFigures(recorded.db, choosePeriod(null, null).period);
  const plan = await planOf(db, engine, recorded.queries[0]!);
  expect(plan.filter((step) => /^SCAN\b/.test(step.trim()))).toEqual([]);
  // Either index led by created_at: the reports' covering one (issue 53) holds every column this reads.
  expect(plan.some((step) => /SEARCH orders USING (COVERING )?INDEX orders_(created|report)_idx/.test(step))).toBe(true);
});
