import type { HandoverOutcome } from '../../../lib/admin/courier-delivery-views.ts';
import { handoverAddress } from '../../../lib/couriers/handover-address.ts';
import type { ShopDb } from '../../db/index.ts';
import { isoNow } from '../../auth/secrets.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { companyCourierId } from '../../couriers/company-courier.ts';
import { CourierApiError, type CourierCompany } from '../../couriers/courier-company.ts';
import { Problem } from '../../problem.ts';
import { recordAudit } from '../audit.ts';
import type { StaffActor } from '../staff-actor.ts';
import { CITIES_OF, readHandoverOrders, type HandoverOrder } from './order-handover-data.ts';

/** More than this many orders in one hand-over is refused (one print, one trip to the company's API each). */
export const MAX_HANDOVER = 100;

/**
 * Hands orders over to a courier company through its API (issue 38): for each order ready to ship whose address the
 * company accepts, a delivery is created with the cash to collect and the tracking number stored. Idempotent: the
 * delivery row is written (the claim) before the company is asked, and the unique open delivery per order makes a
 * second click or a concurrent request find the first one instead of creating another. When the company refuses,
 * the claim is removed and the order says why. The order itself stays READY_TO_SHIP until the company picks the
 * parcel up (its tracking moves it: tracking.ts). Orders are handled one after the other, in the order given.
 */
export async function handOverToCompany(
  db: ShopDb,
  company: CourierCompany,
  orderIds: readonly number[],
  actor: StaffActor,
): Promise<HandoverOutcome[]> {
  const ids = [...new Set(orderIds)];
  if (!ids.length) throw new Problem(422, 'couriers.noOrders', { fields: { order_ids: ['couriers.noOrders'] } });
  if (ids.length > MAX_HANDOVER)
    throw new Problem(422, 'couriers.tooManyOrders', {
      values: { max: MAX_HANDOVER },
      fields: { order_ids: ['couriers.tooManyOrders'] },
    });
  const orders = new Map((await readHandoverOrders(db, ids)).map((o) => [o.id, o]));
  const strangers = ids.filter((id) => !orders.has(id));
  if (strangers.length) throw new Problem(404, 'admin.orderNotFound', { detail: { orders: strangers } });
  const courierId = await companyCourierId(db, company.name, actor);
  const results: HandoverOutcome[] = [];
  for (const id of ids) results.push(await handOverOne(db, company, orders.get(id)!, courierId, actor));
  return results;
}

async function openDelivery(db: ShopDb, orderId: number) {
  return db
    .selectFrom('courier_deliveries')
    .select(['company', 'tracking_number'])
    .where('order_id', '=', orderId)
    .where('open', '=', 1)
    .executeTakeFirst();
}

async function existing(db: ShopDb, company: CourierCompany, orderId: number): Promise<HandoverOutcome | null> {
  const open = await openDelivery(db, orderId);
  if (!open) return null;
  if (!open.tracking_number) return { orderId, outcome: 'pending' };
  return {
    orderId,
    outcome: 'existing',
    trackingNumber: open.tracking_number,
    trackingLink: company.trackingLink(open.tracking_number),
  };
}

async function handOverOne(
  db: ShopDb,
  company: CourierCompany,
  order: HandoverOrder,
  courierId: number,
  actor: StaffActor,
): Promise<HandoverOutcome> {
  const orderId = order.id;
  const found = await existing(db, company, orderId);
  if (found) return found;
  if (order.status !== 'READY_TO_SHIP') return { orderId, outcome: 'notReady', status: order.status };
  const address = handoverAddress(order.address, CITIES_OF[company.name]);
  if (!address.ok) return { orderId, outcome: 'missing', missing: address.missing };
  let claimId: number;
  try {
    const now = isoNow();
    const claim = await db
      .insertInto('courier_deliveries')
      .values({ order_id: orderId, courier_id: courierId, company: company.name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    claimId = claim.id;
  } catch (error) {
    // A concurrent hand-over claimed the order first.
    if (!isUniqueViolation(error)) throw error;
    return (await existing(db, company, orderId)) ?? { orderId, outcome: 'pending' };
  }
  let delivery;
  try {
    delivery = await company.createDelivery({
      orderId,
      address: address.address,
      description: `Order ${orderId}`,
      itemsCount: Math.max(1, order.items),
      cashToCollect: order.cashToCollect,
    });
  } catch (error) {
    await db.deleteFrom('courier_deliveries').where('id', '=', claimId).execute();
    if (error instanceof CourierApiError) return { orderId, outcome: 'failed', message: error.message };
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('courier_deliveries')
      .set({
        tracking_number: delivery.trackingNumber,
        provider_id: delivery.providerId,
        state_code: delivery.stateCode,
        step: delivery.step,
        cod: order.cashToCollect,
        updated_at: isoNow(),
      })
      .where('id', '=', claimId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'order.courier_hand_over',
      subject: { type: 'order', id: orderId },
      after: { company: company.name, tracking: delivery.trackingNumber, cod: order.cashToCollect },
    });
  });
  return {
    orderId,
    outcome: 'created',
    trackingNumber: delivery.trackingNumber,
    trackingLink: company.trackingLink(delivery.trackingNumber),
  };
}

/**
 * Cancels an order's delivery before the company picked the parcel up (the company refuses once it has it): the
 * delivery is closed and the order, still ready to ship, may be handed over again.
 */
export async function cancelCompanyDelivery(
  db: ShopDb,
  company: CourierCompany,
  orderId: number,
  actor: StaffActor,
): Promise<void> {
  const open = await db
    .selectFrom('courier_deliveries')
    .select(['id', 'tracking_number', 'step'])
    .where('order_id', '=', orderId)
    .where('company', '=', company.name)
    .where('open', '=', 1)
    .executeTakeFirst();
  if (!open?.tracking_number) throw new Problem(404, 'couriers.deliveryNotFound');
  if (open.step !== 'created') throw new Problem(409, 'couriers.alreadyPickedUp');
  try {
    await company.cancelDelivery(open.tracking_number);
  } catch (error) {
    if (error instanceof CourierApiError)
      throw new Problem(409, 'couriers.alreadyPickedUp', { detail: { company: error.message } });
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('courier_deliveries')
      .set({ open: 0, step: 'cancelled', updated_at: isoNow() })
      .where('id', '=', open.id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'order.courier_cancel',
      subject: { type: 'order', id: orderId },
      before: { company: company.name, tracking: open.tracking_number },
    });
  });
}
