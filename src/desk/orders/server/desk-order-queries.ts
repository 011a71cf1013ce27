import type { ShopDb } from '#server/db/index.ts';
import { readAuditLog } from '../../audit/server/audit-log.ts';

/** The order row with its shopper's contact, or undefined. */
function readOrderRow(db: ShopDb, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.first_name', 'users.last_name', 'users.phone', 'users.email', 'users.cod_blocked_at'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof readOrderRow>>>;

/** Everything recorded about one order, each in the order it was written. */
function readOrderHistory(db: ShopDb, order: OrderRow) {
  const orderId = order.id;
  return Promise.all([
    db
      .selectFrom('order_lines')
      .select(['product_id', 'name_en', 'name_ar', 'unit_price', 'quantity'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_events')
      .select(['status', 'actor', 'note', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_calls')
      .select(['outcome', 'staff_id', 'note', 'call_back_at', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_notes')
      .select(['body', 'staff_id', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('delivery_failures')
      .select(['reason', 'outcome', 'staff_id', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refunds')
      .select(['amount', 'destination', 'status', 'reason', 'created_at', 'paid_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payments')
      .select(['provider', 'tran_ref', 'amount', 'status', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    order.courier_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('couriers').select(['id', 'name', 'phone']).where('id', '=', order.courier_id).executeTakeFirst(),
    readAuditLog(db, { subjectType: 'order', subjectId: String(orderId) }),
    db.selectFrom('payment_methods').select(['name_en', 'name_ar']).where('code', '=', order.payment_method).executeTakeFirst(),
  ]);
}

/** The provider callbacks of the order's payment attempts. */
function readCallbacks(db: ShopDb, tranRefs: string[]) {
  if (!tranRefs.length) return Promise.resolve([]);
  return db
    .selectFrom('payment_callbacks')
    .select(['provider', 'outcome', 'reason', 'received_at'])
    .where('tran_ref', 'in', tranRefs)
    .orderBy('id')
    .execute();
}

/** The messages to the shopper about the order (issue 37), with their replies. */
function readMessages(db: ShopDb, orderId: number) {
  return db
    .selectFrom('order_messages')
    .select(['channel', 'kind', 'status', 'error', 'reply', 'reply_text', 'replied_at', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The rows the order page is drawn from (readDeskOrder), or null when there is no such order. */
export async function readDeskOrderRows(db: ShopDb, orderId: number) {
  const order = await readOrderRow(db, orderId);
  if (!order) return null;
  const [lines, events, calls, notes, failures, refunds, payments, courier, audit, method] = await readOrderHistory(db, order);
  const callbacks = await readCallbacks(db, payments.map((p) => p.tran_ref).filter(Boolean));
  const messages = await readMessages(db, orderId);
  return { order, lines, events, calls, notes, failures, refunds, payments, courier, audit, method, callbacks, messages };
}

export type DeskOrderRows = NonNullable<Awaited<ReturnType<typeof readDeskOrderRows>>>;
