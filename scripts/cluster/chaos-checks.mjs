// What must hold after a chaos run (issue 54), read from the database: nothing the shop answered is lost, nothing
// anyone or any background job did is applied twice. `invariantsHeld` is the one verdict the cluster script and the
// CI-sized test (tests/cluster/chaos.test.ts) both use.
import { sql } from 'kysely';

/** Units of each product in orders not cancelled. */
export async function soldOf(db, productIds) {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.product_id', (eb) => eb.fn.sum('order_lines.quantity').as('n')])
    .where('order_lines.product_id', 'in', productIds)
    .where('orders.status', '!=', 'CANCELED')
    .groupBy('order_lines.product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, Number(row.n)]));
}

/**
 * The checks. `before` is what the run started from (stock and sales of its products, the last order id); `load` is
 * what the clients were answered: orders placed (201), card payments approved on the provider's page, desk moves
 * answered 200, deliveries handed to the courier company and forged notices; `courier` is the company
 * (courier-company.mjs: its parcels and every notice it sent).
 */
export async function invariants(db, before, load, courier) {
  const placedIds = load.placed.map((o) => o.id);
  const ids = [...new Set(placedIds)];
  const orders = ids.length ? await db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute() : [];
  const productIds = [...before.stock.keys()];
  const soldAfter = await soldOf(db, productIds);
  const now = await db.selectFrom('products').select(['id', 'stock']).where('id', 'in', productIds).execute();
  const stockOff = now.filter(
    (p) => p.stock + (soldAfter.get(p.id) ?? 0) !== before.stock.get(p.id) + (before.sold.get(p.id) ?? 0),
  );
  // The outbox: one message of a kind per order and channel, sent once.
  const messagesSentTwice = await db
    .selectFrom('order_messages')
    .select(['order_id', 'kind', 'channel'])
    .where('status', '=', 'sent')
    .groupBy(['order_id', 'kind', 'channel'])
    .having(sql`count(*)`, '>', 1)
    .execute();
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id'])
    .groupBy('transaction_id')
    .having(sql`sum(debit) - sum(credit)`, '!=', 0)
    .execute();
  const eventsTwice = await statusesEnteredTwice(db, before.lastOrderId);
  // The desk's moves, each audited once: a staff member's (the courier company's, staff_id null, may hand an order
  // over again after a failed attempt; the courier checks judge those).
  const movesTwiceAudited = ids.length
    ? await db
        .selectFrom('audit_log')
        .select(['subject_id', 'after_json'])
        .where('action', '=', 'order.move')
        .where('staff_id', 'is not', null)
        .where('subject_type', '=', 'order')
        .where('subject_id', 'in', ids.map(String))
        .groupBy(['subject_id', 'after_json'])
        .having(sql`count(*)`, '>', 1)
        .execute()
    : [];
  // Every move answered 200 is in the order's history (exactly once: eventsTwice above).
  const moved = load.moves.length
    ? await db
        .selectFrom('order_events')
        .select(['order_id', 'status'])
        .where('order_id', 'in', [...new Set(load.moves.map((m) => m.orderId))])
        .execute()
    : [];
  const movesMissing = load.moves.filter((m) => !moved.some((e) => e.order_id === m.orderId && e.status === m.to));
  const parcels = await courierChecks(db, load, courier);
  // Each delivered order's lines each recorded once as a sale in the sellers' ledger (the delivery's transaction),
  // whether the desk delivered it or the courier company's notice did; and each of its transactions balanced.
  const deliveredIds = [
    ...new Set([...load.moves.filter((m) => m.to === 'DELIVERED').map((m) => m.orderId), ...parcels.deliveredIds]),
  ];
  const countBy = async (table, where) =>
    deliveredIds.length
      ? new Map(
          (
            await where(db.selectFrom(table))
              .select(['order_id', (eb) => eb.fn.countAll().as('n')])
              .where('order_id', 'in', deliveredIds)
              .groupBy('order_id')
              .execute()
          ).map((row) => [row.order_id, Number(row.n)]),
        )
      : new Map();
  const lineCounts = await countBy('order_lines', (q) => q);
  const saleCounts = await countBy('ledger_transactions', (q) => q.where('kind', '=', 'sale'));
  const salesOff = deliveredIds.filter((id) => (saleCounts.get(id) ?? 0) !== (lineCounts.get(id) ?? 0));
  const deliveredUnbalanced = deliveredIds.length
    ? await db
        .selectFrom('ledger_entries')
        .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
        .select('ledger_entries.transaction_id')
        .where('ledger_transactions.order_id', 'in', deliveredIds)
        .groupBy('ledger_entries.transaction_id')
        .having(sql`sum(ledger_entries.debit) - sum(ledger_entries.credit)`, '!=', 0)
        .execute()
    : [];
  const cards = await cardPaymentChecks(db, load, orders);
  return {
    ordersFound: orders.length,
    ordersAnswered201: ids.length,
    duplicateIdsAnswered: placedIds.length - ids.length,
    productsWithStockOff: stockOff.map((p) => p.id),
    messagesSentTwice: messagesSentTwice.length,
    unbalancedTransactions: unbalanced.length,
    orderStatusesEnteredTwice: eventsTwice.length,
    ...cards,
    deskMoves: load.moves.length,
    deskMovesMissing: movesMissing.length,
    deskMovesAuditedTwice: movesTwiceAudited.length,
    deliveredWithSalesOff: salesOff,
    deliveredLedgerUnbalanced: deliveredUnbalanced.length,
    courier: parcels.checks,
  };
}

/**
 * Card payments: each approved order paid by exactly one attempt, whose notification was applied exactly once (the
 * provider's callback, the browser's response, its retries and reconciliation all land on payment_callbacks).
 */
async function cardPaymentChecks(db, load, orders) {
  const paidIds = [...new Set(load.paid)];
  const payments = paidIds.length
    ? await db.selectFrom('payments').select(['order_id', 'tran_ref', 'status']).where('order_id', 'in', paidIds).execute()
    : [];
  const applied = payments.length
    ? await db
        .selectFrom('payment_callbacks')
        .select(['tran_ref', (eb) => eb.fn.countAll().as('n')])
        .where('outcome', '=', 'applied')
        .where(
          'tran_ref',
          'in',
          payments.map((p) => p.tran_ref),
        )
        .groupBy('tran_ref')
        .execute()
    : [];
  // Money taken: paid, or paid and then owed or given back (the desk cancelled the order after it was paid).
  const taken = ['paid', 'refund_due', 'refunded'];
  const paidAttempts = (orderId) => payments.filter((p) => p.order_id === orderId && taken.includes(p.status));
  const appliedOf = (tranRef) => Number(applied.find((a) => a.tran_ref === tranRef)?.n ?? 0);
  const cardOrders = orders.filter((o) => paidIds.includes(o.id));
  return {
    cardOrdersApproved: paidIds.length,
    cardOrdersNotPaidOnce: paidIds.filter((id) => paidAttempts(id).length !== 1),
    cardOrdersStillPending: cardOrders.filter((o) => o.status === 'PENDING').map((o) => o.id),
    paymentsAppliedTwice: payments.filter((p) => appliedOf(p.tran_ref) > 1).length,
    paidWithoutOneApplied: payments.filter((p) => taken.includes(p.status) && appliedOf(p.tran_ref) !== 1).length,
  };
}

/** What the shop should have made of each parcel's last state at the company (Bosta's codes). */
const ORDER_STATUS_AT = {
  10: 'READY_TO_SHIP',
  21: 'WITH_COURIER',
  41: 'WITH_COURIER',
  45: 'DELIVERED',
  46: 'CANCELED',
  47: 'READY_TO_SHIP',
};

/**
 * The courier company's notices, each applied once and none lost: every genuine notice taken (2xx, never refused as
 * contradicted or unknown) and its repeats taken as repeats; each parcel's last state is the order's (its status and
 * the delivery's state code); each failed attempt recorded once (delivery_failures, failures_recorded); every forged
 * notice refused. `deliveredIds`: the orders the company delivered.
 */
async function courierChecks(db, load, courier) {
  const handed = load.handed.map((h) => ({ ...h, delivery: courier.parcels.get(h.trackingNumber).delivery }));
  const orderIds = [...new Set(handed.map((h) => h.orderId))];
  const orders = orderIds.length
    ? await db.selectFrom('orders').select(['id', 'status']).where('id', 'in', orderIds).execute()
    : [];
  const deliveries = orderIds.length
    ? await db
        .selectFrom('courier_deliveries')
        .select(['order_id', 'tracking_number', 'state_code', 'failures_recorded'])
        .where('company', '=', 'bosta')
        .where('order_id', 'in', orderIds)
        .execute()
    : [];
  const failures = orderIds.length
    ? await db
        .selectFrom('delivery_failures')
        .select(['order_id', (eb) => eb.fn.countAll().as('n')])
        .where('order_id', 'in', orderIds)
        .where('outcome', '=', 'reschedule')
        .groupBy('order_id')
        .execute()
    : [];
  const statusOf = (id) => orders.find((o) => o.id === id)?.status;
  const deliveryOf = (tracking) => deliveries.find((d) => d.tracking_number === tracking);
  const failuresOf = (id) => Number(failures.find((f) => f.order_id === id)?.n ?? 0);
  const taken = (status) => status >= 200 && status < 300;
  const genuineRefused = courier.notices.filter((n) => !taken(n.status) || !['moved', 'unchanged'].includes(n.outcome));
  const ordersOff = handed.filter(
    ({ orderId, trackingNumber, delivery }) =>
      statusOf(orderId) !== ORDER_STATUS_AT[delivery.stateCode] || deliveryOf(trackingNumber)?.state_code !== delivery.stateCode,
  );
  // A returned parcel's last failure is the return (outcome `return`), not counted among the rescheduled attempts.
  const failuresOff = handed.filter(
    ({ orderId, trackingNumber, delivery }) =>
      failuresOf(orderId) !== delivery.attempts || deliveryOf(trackingNumber)?.failures_recorded !== delivery.attempts,
  );
  return {
    deliveredIds: handed.filter((h) => h.delivery.stateCode === 45).map((h) => h.orderId),
    checks: {
      handedOver: handed.length,
      noticesRefused: genuineRefused.length,
      repeatsApplied: courier.notices.filter((n) => n.repeatOutcome === 'moved').length,
      ordersOff: ordersOff.map((h) => ({ order: h.orderId, company: h.delivery.stateCode, shop: statusOf(h.orderId) })),
      failuresOff: failuresOff.map((h) => h.orderId),
      tampered: load.tampered.length,
      tamperedNotRefused: load.tampered.filter((t) => !t.refused),
    },
  };
}

/**
 * Of the run's orders, no status entered twice: a payment applied twice, a desk move, a courier's notice or a
 * timeout's release (payment-release job) repeated would each write its event again. Only a failed delivery attempt
 * sends an order round again: back to READY_TO_SHIP, and WITH_COURIER at the company's next attempt, once for each
 * failure recorded.
 */
async function statusesEnteredTwice(db, lastOrderId) {
  const rescheduled = await db
    .selectFrom('delivery_failures')
    .select(['order_id', (eb) => eb.fn.countAll().as('n')])
    .where('order_id', '>', lastOrderId)
    .where('outcome', '=', 'reschedule')
    .groupBy('order_id')
    .execute();
  const roundsOf = new Map(rescheduled.map((r) => [r.order_id, Number(r.n)]));
  const eventCounts = await db
    .selectFrom('order_events')
    .select(['order_id', 'status', (eb) => eb.fn.countAll().as('n')])
    .where('order_id', '>', lastOrderId)
    .groupBy(['order_id', 'status'])
    .having(sql`count(*)`, '>', 1)
    .execute();
  return eventCounts.filter(
    (e) => Number(e.n) > 1 + (['READY_TO_SHIP', 'WITH_COURIER'].includes(e.status) ? (roundsOf.get(e.order_id) ?? 0) : 0),
  );
}

/** Whether everything held: no lost order, nothing doubled, no 5xx the proxy could have retried. */
export function invariantsHeld(report) {
  const { checks } = report;
  return (
    report.retryable5xx === 0 &&
    // An instance's own error (a deadlock, a bug), not a dying instance: those are 502s, connection errors.
    (report.statuses['500'] ?? 0) === 0 &&
    report.actorErrors.length === 0 &&
    checks.ordersFound === checks.ordersAnswered201 &&
    checks.duplicateIdsAnswered === 0 &&
    checks.productsWithStockOff.length === 0 &&
    checks.messagesSentTwice === 0 &&
    checks.unbalancedTransactions === 0 &&
    checks.orderStatusesEnteredTwice === 0 &&
    checks.cardOrdersNotPaidOnce.length === 0 &&
    checks.cardOrdersStillPending.length === 0 &&
    checks.paymentsAppliedTwice === 0 &&
    checks.paidWithoutOneApplied === 0 &&
    checks.deskMovesMissing === 0 &&
    checks.deskMovesAuditedTwice === 0 &&
    checks.deliveredWithSalesOff.length === 0 &&
    checks.deliveredLedgerUnbalanced === 0 &&
    checks.courier.noticesRefused === 0 &&
    checks.courier.repeatsApplied === 0 &&
    checks.courier.ordersOff.length === 0 &&
    checks.courier.failuresOff.length === 0 &&
    checks.courier.tamperedNotRefused.length === 0
  );
}
