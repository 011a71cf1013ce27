import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../src/lib/orders/order-status.ts';
import { moveOrder, recordFailedDelivery, type FailedDeliveryOutcome } from '../../src/core/orders/server/order-moves.ts';
import { terminalActor, type DeskActor } from '../../src/core/actors/server/actors.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { PaymentGateway, VerifiedCallback } from '../../src/server/payments/gateway.ts';
import { settleCallback } from '../../src/server/payments/settle.ts';
import { openPayment } from '../../src/core/orders/server/lifecycle.ts';
import { refreshOrderSummary } from '../../src/core/reports/server/order-summaries.ts';

/**
 * Typed test data that puts orders where a test needs them through the services the shop itself uses (issue 33): the
 * orders desk's one mover and the payment settlement, never an UPDATE of a status. Shared by the API tests and the
 * journeys (tests/e2e open the e2e database with `withE2eServices` and call the same functions).
 */
type Db = Kysely<Database>;

/** Who the test data moves orders as: the terminal actor named `tests`, unless a test passes a staff member. */
export const TEST_ACTOR = terminalActor('tests');

/** The operator's way along the state machine, from PLACED to DELIVERED. */
const FORWARD: readonly OrderStatus[] = ['PLACED', 'ACCEPT', 'PREPARE', 'READY_TO_SHIP', 'WITH_COURIER', 'DELIVERED'];

export interface MoveOptions {
  /** Needed to pass WITH_COURIER. */
  courierId?: number | undefined;
  trackingNumber?: string | undefined;
  /** The reason of a cancel or a failed delivery. */
  reason?: string | undefined;
  actor?: DeskActor | undefined;
}

async function statusOf(db: Db, orderId: number): Promise<OrderStatus> {
  const row = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return row.status as OrderStatus;
}

/**
 * Moves an order forward one desk step at a time until it is in `to` (ACCEPT … DELIVERED), or cancels it from where
 * it is (CANCELED: stock and money back, as on the desk). Returns the status reached. Throws the service's Problem
 * when the state machine refuses (e.g. an unpaid online order cannot be placed by hand).
 */
export async function moveOrderTo(db: Db, orderId: number, to: OrderStatus, options: MoveOptions = {}): Promise<OrderStatus> {
  const actor = options.actor ?? TEST_ACTOR;
  let from = await statusOf(db, orderId);
  if (to === 'CANCELED') {
    await moveOrder(db, { orderId, from, to, reason: options.reason ?? 'test data' }, actor);
    return to;
  }
  const target = FORWARD.indexOf(to);
  if (target < 0) throw new Error(`moveOrderTo: ${to} is not on the operator's way forward`);
  while (FORWARD.indexOf(from) < target) {
    const next = FORWARD[FORWARD.indexOf(from) + 1]!;
    if (next === 'WITH_COURIER' && options.courierId === undefined) throw new Error('moveOrderTo: a courier is needed');
    await moveOrder(db, { orderId, from, to: next, courierId: options.courierId, trackingNumber: options.trackingNumber }, actor);
    from = next;
  }
  return from;
}

/** A failed delivery of an order WITH_COURIER: back on the shelf (`reschedule`) or returned and closed (`return`). */
export async function failDelivery(db: Db, orderId: number, outcome: FailedDeliveryOutcome, options: MoveOptions = {}) {
  return recordFailedDelivery(db, { orderId, reason: options.reason ?? 'nobody home', outcome }, options.actor ?? TEST_ACTOR);
}

/** A gateway that believes any callback it is given (signatures are tests/api/payments.test.ts's concern). */
export const trustingGateway: PaymentGateway = {
  name: 'paytabs',
  create: () => Promise.reject(new Error('not used')),
  refund: () => Promise.reject(new Error('not used')),
  verifyCallback: (_headers, body) => JSON.parse(body) as VerifiedCallback,
};

/**
 * An online order paid the way the shop learns it: a payment attempt, then a verified callback through the settlement
 * (PENDING → PLACED, payment paid). Returns the attempt's transaction reference.
 */
export async function payOrder(db: Db, orderId: number, outcome: VerifiedCallback['outcome'] = 'paid'): Promise<string> {
  const order = await db.selectFrom('orders').select('total').where('id', '=', orderId).executeTakeFirstOrThrow();
  const tranRef = `TST${orderId}-${randomBytes(4).toString('hex')}`;
  const reference = `BB-${orderId}-${randomBytes(3).toString('hex')}`;
  const now = new Date().toISOString();
  await openPayment(db, {
    order_id: orderId,
    provider: 'paytabs',
    tran_ref: tranRef,
    reference,
    amount: order.total,
    currency: 'EGP',
    created_at: now,
    updated_at: now,
  });
  const callback: VerifiedCallback = { tranRef, reference, amount: order.total, currency: 'EGP', outcome };
  await settleCallback(db, trustingGateway, new Headers(), JSON.stringify(callback));
  return tranRef;
}

/**
 * Backdates an order's clocks (never its state): when it was created and delivered, when each of its events happened
 * (`events`: one time for all, or one per event in the order they were written, the last repeated for the rest) and
 * when its failed deliveries were recorded, when its payment attempts started. For rules that count days; tests may,
 * the state only moves through the services above. The reports' summaries follow (a writer of the order's clocks
 * refreshes them, as every writer does).
 */
export async function backdateOrder(
  db: Db,
  orderId: number,
  at: { createdAt?: Date; deliveredAt?: Date; events?: Date | readonly Date[]; failures?: Date; payments?: Date },
) {
  if (at.createdAt || at.deliveredAt)
    await db
      .updateTable('orders')
      .set({
        ...(at.createdAt ? { created_at: at.createdAt.toISOString() } : {}),
        ...(at.deliveredAt ? { delivered_at: at.deliveredAt.toISOString() } : {}),
      })
      .where('id', '=', orderId)
      .execute();
  if (at.events) {
    const times = Array.isArray(at.events) ? at.events : [at.events as Date];
    const events = await db.selectFrom('order_events').select('id').where('order_id', '=', orderId).orderBy('id').execute();
    for (const [i, event] of events.entries()) {
      const time = times[Math.min(i, times.length - 1)]!;
      await db.updateTable('order_events').set({ created_at: time.toISOString() }).where('id', '=', event.id).execute();
    }
  }
  if (at.failures)
    await db
      .updateTable('delivery_failures')
      .set({ created_at: at.failures.toISOString() })
      .where('order_id', '=', orderId)
      .execute();
  if (at.payments)
    await db.updateTable('payments').set({ created_at: at.payments.toISOString() }).where('order_id', '=', orderId).execute();
  await refreshOrderSummary(db, orderId);
}
