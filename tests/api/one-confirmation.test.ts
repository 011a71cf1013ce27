import { afterAll, expect, test } from 'vitest';
import { answerByLink } from '../../src/server/messaging/confirm-link.ts';
import { confirmLinkToken } from '../../src/server/messaging/confirm-token.ts';
import { makeAddress, makeProduct, placeOrder } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';
import { whatsappReply } from '../support/whatsapp-reply.ts';

/**
 * One way to confirm an order (issue 48): a confirmation call on the desk, the shopper's WhatsApp quick reply, the SMS
 * link and the desk's own move to ACCEPT all reach `confirmOrder` (src/core/orders/server/confirmation.ts), so each
 * leaves the same trace: one ACCEPT event on the order and one `order.move` audit entry from PLACED to ACCEPT that
 * says how it was confirmed.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const support = await makeStaff(db, api, 'operations');
const operator = await makeStaff(db, api, 'operations');

async function codOrder() {
  const shopper = await makeShopper(db);
  const productId = await makeProduct(db, { price: 30000, stock: 5 });
  const address = await makeAddress(db, shopper.id);
  const res = await placeOrder(json, shopper, productId, { address_id: address.id, message_consent: true });
  expect(res.status).toBe(201);
  const { phone } = await db.selectFrom('users').select('phone').where('id', '=', shopper.id).executeTakeFirstOrThrow();
  return { id: res.body.data.id as number, phone };
}

/** What a confirmation left behind: the order's status, its ACCEPT events, and its `order.move` audit entries. */
async function traceOf(orderId: number) {
  const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  const events = await db
    .selectFrom('order_events')
    .select(['status', 'actor'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'ACCEPT')
    .execute();
  const audit = await db
    .selectFrom('audit_log')
    .select(['staff_id', 'staff_email', 'before_json', 'after_json'])
    .where('subject_type', '=', 'order')
    .where('subject_id', '=', String(orderId))
    .where('action', '=', 'order.move')
    .execute();
  return {
    status: order.status,
    events,
    moves: audit.map((a) => ({
      by: a.staff_email,
      staffId: a.staff_id,
      before: JSON.parse(a.before_json ?? 'null'),
      after: JSON.parse(a.after_json ?? 'null'),
    })),
  };
}

test('a call, a WhatsApp reply, the SMS link and the desk’s move confirm through one function, audited alike', async () => {
  const byPhone = await codOrder();
  const called = await json(`/api/admin/orders/${byPhone.id}/calls`, jsonInit('POST', { outcome: 'confirmed' }, support.cookie));
  expect(called.status).toBe(201);

  const byWhatsapp = await codOrder();
  await whatsappReply(api, db, byWhatsapp, 'confirm');

  const bySms = await codOrder();
  expect(await answerByLink(db, confirmLinkToken(bySms.id), 'confirm')).toBe('confirmed');

  const byDesk = await codOrder();
  const moved = await json(
    `/api/admin/orders/${byDesk.id}/move`,
    jsonInit('POST', { from: 'PLACED', to: 'ACCEPT' }, operator.cookie),
  );
  expect(moved.status).toBe(200);

  const expected = (by: string, staffId: number | null, email: string, actor: string) => ({
    status: 'ACCEPT',
    events: [{ status: 'ACCEPT', actor }],
    moves: [{ by: email, staffId, before: { status: 'PLACED' }, after: { status: 'ACCEPT', confirmed_by: by } }],
  });
  expect(await traceOf(byPhone.id)).toEqual(expected('phone', support.id, support.email, `staff:${support.id}`));
  expect(await traceOf(byWhatsapp.id)).toEqual(expected('whatsapp', null, 'whatsapp', 'shopper:whatsapp'));
  expect(await traceOf(bySms.id)).toEqual(expected('sms', null, 'sms', 'shopper:sms'));
  expect(await traceOf(byDesk.id)).toEqual(expected('desk', operator.id, operator.email, `staff:${operator.id}`));
});

test('a second confirmation of the same order is refused and leaves no second trace', async () => {
  const order = await codOrder();
  const first = await json(`/api/admin/orders/${order.id}/calls`, jsonInit('POST', { outcome: 'confirmed' }, support.cookie));
  expect(first.status).toBe(201);
  expect(await answerByLink(db, confirmLinkToken(order.id), 'confirm')).not.toBe('confirmed');
  const trace = await traceOf(order.id);
  expect(trace.events).toHaveLength(1);
  expect(trace.moves).toHaveLength(1);
});
