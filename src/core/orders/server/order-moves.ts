import { operatorNextStatuses, type OrderStatus } from '#lib/orders/order-status.ts';
import { refreshOrderSummary } from '../../reports/server/order-summaries.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { cancelWithin } from './cancel-order.ts';
import { moveOrderStatus } from './lifecycle.ts';
import { confirmOrder, type ConfirmedBy } from './confirmation.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '../../audit/server/audit.ts';
import { deskActorTag, type DeskActor } from '../../actors/server/actors.ts';
import { queueOrderMessage } from '#server/messaging/order-messages.ts';
import type { MessageKind } from '#lib/messaging/replies.ts';
import { recordDeliveredSales } from '../../seller-ledger/server/sales.ts';

/** The message a move sends the shopper (when they agreed to messages), in the transaction of the move. */
const UPDATE_ON_MOVE: Partial<Record<OrderStatus, MessageKind>> = { WITH_COURIER: 'with_courier', DELIVERED: 'delivered' };

export interface OrderMove {
  orderId: number;
  /** The status the operator saw: the move happens only if the order is still in it (two operators: one wins). */
  from: OrderStatus;
  to: OrderStatus;
  /** Required to cancel. */
  reason?: string | undefined;
  /** Required to hand over to a courier. */
  courierId?: number | undefined;
  trackingNumber?: string | undefined;
}

/** How a move to ACCEPT confirms: the shopper's reply on its channel, else the desk (an operator, the terminal). */
const confirmedBy = (actor: DeskActor): ConfirmedBy =>
  actor.id === null && (actor.email === 'whatsapp' || actor.email === 'sms') ? actor.email : 'desk';

/** Why a move cannot happen as asked: the order moved on (409 naming its status now), or is not there. */
async function refusal(trx: ShopDb, orderId: number, from: OrderStatus, to: OrderStatus): Promise<Problem> {
  const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  if (!order) return new Problem(404, 'admin.orderNotFound');
  if (order.status !== from)
    return new Problem(409, 'admin.staleOrder', { values: { status: order.status }, detail: { status: order.status } });
  return new Problem(409, 'admin.notAllowedMove', { values: { from, to } });
}

/**
 * The one way an operator moves an order (issue 33): the desk's routes and the terminal (`npm run order`, as the
 * terminal actor) both come here or to recordFailedDelivery; tests/architecture/one-order-mover.test.ts refuses another.
 * Moves an order one step as staff, in one transaction with everything the step changes and its audit record:
 * handing over sets the courier, the tracking number and the cash to collect (what is still due for cash on delivery);
 * delivering stamps the time; cancelling (with a reason) gives stock and money back through cancelWithin. Conditional
 * on the status the operator saw, so of two operators moving the same order one wins and the other is told why.
 */
export async function moveOrder(
  db: ShopDb,
  move: OrderMove,
  actor: DeskActor,
  /** Whatever else must commit with the move or not at all (a reply's record and the messages it causes: issue 37). */
  alsoWithin?: (trx: ShopDb) => Promise<void>,
): Promise<{ status: OrderStatus }> {
  const { orderId, from, to } = move;
  if (!operatorNextStatuses(from).includes(to)) throw new Problem(409, 'admin.notAllowedMove', { values: { from, to } });
  const reason = move.reason?.trim() || null;
  if (to === 'CANCELED' && !reason)
    throw new Problem(422, 'admin.reasonRequired', { fields: { reason: ['admin.reasonRequired'] } });
  if (to === 'WITH_COURIER' && !move.courierId)
    throw new Problem(422, 'admin.courierRequired', { fields: { courier_id: ['admin.courierRequired'] } });
  const tag = deskActorTag(actor);
  const restocked = await db.transaction().execute(async (trx) => {
    let productIds: number[] = [];
    if (to === 'CANCELED') {
      const exists = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
      if (exists?.status !== from) throw await refusal(trx, orderId, from, to);
      productIds = await cancelWithin(trx, {
        orderId,
        userId: null,
        actor: tag,
        from: [from],
        refundTo: 'card',
        note: reason,
      }).catch(async (error: unknown) => {
        // Moved on between the read and the conditional update (another instance): say what it is now.
        throw (error as { status?: number }).status === 409 ? await refusal(trx, orderId, from, to) : error;
      });
    } else if (from === 'PLACED' && to === 'ACCEPT') {
      // Confirming is one way whoever confirms (a call, a reply, the desk's button): it records its own audit entry.
      if (!(await confirmOrder(trx, { orderId, actor, by: confirmedBy(actor), note: reason })))
        throw await refusal(trx, orderId, from, to);
      if (alsoWithin) await alsoWithin(trx);
      return productIds;
    } else {
      const note = to === 'WITH_COURIER' ? move.trackingNumber?.trim() || null : reason;
      if (!(await moveOrderStatus(trx, { orderId, from: [from], to, actor: tag, note })))
        throw await refusal(trx, orderId, from, to);
      if (to === 'WITH_COURIER') await handOver(trx, orderId, move.courierId!, move.trackingNumber?.trim() || null);
      if (to === 'DELIVERED') {
        await trx.updateTable('orders').set({ delivered_at: isoNow() }).where('id', '=', orderId).execute();
        // The sellers' commission lines and ledger (issue 40), in the delivery's own transaction.
        await recordDeliveredSales(trx, orderId, actor);
      }
    }
    const update = UPDATE_ON_MOVE[to];
    if (update) await queueOrderMessage(trx, orderId, update);
    if (alsoWithin) await alsoWithin(trx);
    await recordAudit(trx, actor, {
      action: 'order.move',
      subject: { type: 'order', id: orderId },
      before: { status: from },
      after: {
        status: to,
        ...(move.courierId ? { courier_id: move.courierId } : {}),
        ...(move.trackingNumber ? { tracking: move.trackingNumber } : {}),
      },
      reason,
    });
    return productIds;
  });
  if (restocked === null) return { status: 'WITH_COURIER' };
  if (restocked.length) await announceCatalogChange(db, { productIds: restocked });
  return { status: to };
}

/** The courier takes the order, and the cash still due on it (nothing for a prepaid order). */
async function handOver(trx: ShopDb, orderId: number, courierId: number, trackingNumber: string | null): Promise<void> {
  const courier = await trx
    .selectFrom('couriers')
    .select('id')
    .where('id', '=', courierId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!courier) throw new Problem(422, 'adminCash.courierNotFound', { fields: { courier_id: ['adminCash.courierNotFound'] } });
  const order = await trx
    .selectFrom('orders')
    .select(['payment_method', 'total'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('orders')
    .set({
      courier_id: courierId,
      tracking_number: trackingNumber,
      cash_to_collect: order.payment_method === 'cash_on_delivery' ? order.total : 0,
    })
    .where('id', '=', orderId)
    .execute(); // The courier is one of the reports' keys (deliveries by courier).
  await refreshOrderSummary(trx, orderId);
}

export type FailedDeliveryOutcome = 'reschedule' | 'return';

/**
 * A delivery that did not happen: recorded with its reason, then either back on the shelf for another hand-over
 * (READY_TO_SHIP) or returned to origin: restocked, money owed back if any was paid, closed (CANCELED). `claim`, when
 * given, runs first in the same transaction (a courier company's attempt claimed on its delivery row): when it says
 * no, nothing is recorded and the order stays WITH_COURIER; the claim and the failure commit or vanish together, so a
 * process killed between them can neither lose the attempt nor record it twice.
 */
export async function recordFailedDelivery(
  db: ShopDb,
  input: {
    orderId: number;
    reason: string;
    outcome: FailedDeliveryOutcome;
    claim?: (trx: ShopDb) => Promise<boolean>;
  },
  actor: DeskActor,
): Promise<{ status: OrderStatus }> {
  const reason = input.reason.trim();
  if (!reason) throw new Problem(422, 'admin.reasonRequired', { fields: { reason: ['admin.reasonRequired'] } });
  const tag = deskActorTag(actor);
  const to: OrderStatus = input.outcome === 'return' ? 'CANCELED' : 'READY_TO_SHIP';
  const restocked = await db.transaction().execute(async (trx) => {
    if (input.claim && !(await input.claim(trx))) return null;
    await trx
      .insertInto('delivery_failures')
      .values({ order_id: input.orderId, staff_id: actor.id, reason, outcome: input.outcome, created_at: isoNow() })
      .execute();
    let productIds: number[] = [];
    if (to === 'CANCELED') {
      const current = await trx.selectFrom('orders').select('status').where('id', '=', input.orderId).executeTakeFirst();
      if (current?.status !== 'WITH_COURIER') throw await refusal(trx, input.orderId, 'WITH_COURIER', to);
      productIds = await cancelWithin(trx, {
        orderId: input.orderId,
        userId: null,
        actor: tag,
        from: ['WITH_COURIER'],
        refundTo: 'card',
        note: reason,
      });
    } else if (!(await moveOrderStatus(trx, { orderId: input.orderId, from: ['WITH_COURIER'], to, actor: tag, note: reason }))) {
      throw await refusal(trx, input.orderId, 'WITH_COURIER', to);
    } else {
      await queueOrderMessage(trx, input.orderId, 'failed_attempt');
    }
    // Nothing is collected on an order the courier brings back.
    await trx.updateTable('orders').set({ cash_to_collect: 0 }).where('id', '=', input.orderId).execute();
    await recordAudit(trx, actor, {
      action: input.outcome === 'return' ? 'order.return' : 'order.failed_delivery',
      subject: { type: 'order', id: input.orderId },
      before: { status: 'WITH_COURIER' },
      after: { status: to },
      reason,
    });
    return productIds;
  });
  if (restocked === null) return { status: 'WITH_COURIER' };
  if (restocked.length) await announceCatalogChange(db, { productIds: restocked });
  return { status: to };
}
