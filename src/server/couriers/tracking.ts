import { returnPickupNotice } from './return-pickup-notice.ts';
import { orderStatusFor, type CourierStep } from '#lib/couriers/courier-steps.ts';
import type { OrderStatus } from '#lib/orders/order-status.ts';
import { isoNow } from '../auth/secrets.ts';
import { moveOrder, recordFailedDelivery } from '#core/orders/server/order-moves.ts';
import { courierCompanyActor, type CourierCompanyActor } from '#core/actors/server/actors.ts';
import type { ShopDb } from '../db/index.ts';
import { Problem } from '../problem.ts';
import { queueOrderMessage } from '../messaging/order-messages.ts';
import { COMPANY_NAMES } from './companies.ts';
import { metrics } from '../observability/metrics.ts';
import type { CourierCompany, CourierDelivery } from './courier-company.ts';

/**
 * A courier company's tracking moves the order (issue 38, docs/couriers.md). A webhook is only a hint: its secret
 * header is checked, then the delivery is read again from the company's API, and only that answer moves anything; a
 * webhook whose state the answer contradicts (late, replayed with another state, forged with a leaked secret) is
 * ignored. The order moves through the desk's one mover (moveOrder, recordFailedDelivery) as the company
 * (`courier:<company>` in the events and the audit log), only forward, each move conditional on the status it
 * leaves: a replayed or concurrent notice finds the order already moved and changes nothing.
 *
 *   picked up, out for delivery → WITH_COURIER (the courier, tracking number and cash to collect set); out for
 *                                 delivery also tells the shopper the cash to prepare (once)
 *   delivered                   → DELIVERED (through WITH_COURIER if the pickup notice never came)
 *   failed attempt n            → the failed-delivery rule, once per attempt: back to READY_TO_SHIP, and the
 *                                 company's next attempt hands it over again
 *   returned                    → CANCELED through the failed-delivery return (stock back, money owed back)
 *   cancelled                   → the delivery closes; the order, ready to ship, may be handed over again
 */
export type WebhookOutcome = 'moved' | 'unchanged' | 'contradicted' | 'unknown';

export async function receiveWebhook(
  db: ShopDb,
  company: CourierCompany,
  headers: Headers,
  readBody: () => Promise<unknown>,
): Promise<WebhookOutcome> {
  const notice = await company.readWebhook(headers, readBody);
  if (notice === 'bad-secret') throw new Problem(401, 'couriers.badWebhookSecret');
  if (notice === 'unreadable') throw new Problem(422, 'couriers.unreadableWebhook');
  const known = await db
    .selectFrom('courier_deliveries')
    .select('id')
    .where('company', '=', company.name)
    .where('tracking_number', '=', notice.trackingNumber)
    .executeTakeFirst();
  if (!known) return returnPickupNotice(db, company, notice.trackingNumber, notice.stateCode);
  const fresh = await company.track(notice.trackingNumber);
  if (fresh.stateCode !== notice.stateCode) return 'contradicted';
  return applyDelivery(db, company, fresh);
}

/** Whether a move failed only because the order had already moved (a concurrent or replayed notice won). */
const alreadyMoved = (error: unknown) => error instanceof Problem && error.status === 409;

/** Applies what the company says now about one of our deliveries. */
export async function applyDelivery(db: ShopDb, company: CourierCompany, fresh: CourierDelivery): Promise<WebhookOutcome> {
  const row = await db
    .selectFrom('courier_deliveries')
    .innerJoin('orders', 'orders.id', 'courier_deliveries.order_id')
    .select([
      'courier_deliveries.id',
      'courier_deliveries.order_id',
      'courier_deliveries.courier_id',
      'courier_deliveries.failures_recorded',
      'courier_deliveries.step as previous_step',
      'orders.status',
    ])
    .where('courier_deliveries.company', '=', company.name)
    .where('courier_deliveries.tracking_number', '=', fresh.trackingNumber)
    .executeTakeFirst();
  if (!row) return 'unknown';
  await db
    .updateTable('courier_deliveries')
    .set({
      state_code: fresh.stateCode,
      step: fresh.step,
      attempts: fresh.attempts,
      updated_at: isoNow(),
      ...(fresh.step === 'cancelled' ? { open: 0 } : {}),
    })
    .where('id', '=', row.id)
    .execute();
  // courier_deliveries_total (issue 50): a delivery reaching a state the company had not reported before.
  if (row.previous_step !== fresh.step) metrics().courierDeliveries.inc({ company: company.name, state: fresh.step });
  const actor = courierCompanyActor(company.name, COMPANY_NAMES[company.name]);
  const move = { orderId: row.order_id, courierId: row.courier_id, trackingNumber: fresh.trackingNumber };
  let status = row.status as OrderStatus;
  let moved = false;
  try {
    if (fresh.step === 'failed_attempt') {
      moved = await failedAttempt(db, { deliveryId: row.id, orderId: row.order_id }, fresh, status, actor);
    } else {
      const target = orderStatusFor(fresh.step, status);
      if (target && target !== 'CANCELED' && status === 'READY_TO_SHIP') {
        await moveOrder(db, { ...move, from: 'READY_TO_SHIP', to: 'WITH_COURIER' }, actor);
        status = 'WITH_COURIER';
        moved = true;
      }
      if (target === 'DELIVERED') {
        await moveOrder(db, { ...move, from: 'WITH_COURIER', to: 'DELIVERED' }, actor);
        moved = true;
      }
      if (target === 'CANCELED') {
        await returned(db, row.order_id, status, fresh.step, actor);
        moved = true;
      }
    }
  } catch (error) {
    if (!alreadyMoved(error)) throw error;
  }
  if (fresh.step === 'out_for_delivery') await tellOutForDelivery(db, row.order_id);
  return moved ? 'moved' : 'unchanged';
}

/**
 * The shopper hears that the parcel is on its way today, with the exact cash to prepare (issue 37): written once per
 * order (the outbox's unique (order, kind, channel)), only while the order is with the courier.
 */
async function tellOutForDelivery(db: ShopDb, orderId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
    if (order?.status === 'WITH_COURIER') await queueOrderMessage(trx, orderId, 'out_for_delivery');
  });
}

/**
 * One failed attempt applies the desk's failed-delivery rule once: the attempt is claimed on the delivery row
 * (`failures_recorded`) in the transaction that records it, so a replayed notice of the same attempt finds it claimed
 * and a process killed half-way leaves neither.
 */
async function failedAttempt(
  db: ShopDb,
  { deliveryId, orderId }: { deliveryId: number; orderId: number },
  fresh: CourierDelivery,
  status: OrderStatus,
  actor: CourierCompanyActor,
): Promise<boolean> {
  if (status !== 'WITH_COURIER') return false;
  let claimed = false;
  const claim = async (trx: ShopDb) => {
    const taken = await trx
      .updateTable('courier_deliveries')
      .set({ failures_recorded: fresh.attempts })
      .where('id', '=', deliveryId)
      .where('failures_recorded', '<', fresh.attempts)
      .executeTakeFirst();
    claimed = Number(taken.numUpdatedRows) === 1;
    return claimed;
  };
  const reason = `${actor.name}: delivery attempt ${fresh.attempts} failed`;
  await recordFailedDelivery(db, { orderId, reason, outcome: 'reschedule', claim }, actor);
  return claimed;
}

/** The parcel is back at the shop: the stock goes back and any money paid is owed back (the desk's return rule). */
async function returned(db: ShopDb, orderId: number, status: OrderStatus, step: CourierStep, actor: CourierCompanyActor) {
  const reason = `${actor.name}: ${step === 'returned' ? 'returned to the shop' : step}`;
  if (status === 'WITH_COURIER') await recordFailedDelivery(db, { orderId, reason, outcome: 'return' }, actor);
  else await moveOrder(db, { orderId, from: status, to: 'CANCELED', reason }, actor);
}
