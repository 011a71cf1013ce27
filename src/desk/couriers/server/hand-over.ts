import type { HandoverOutcome } from '../courier-delivery-views.ts';
import { handoverAddress } from '#lib/couriers/handover-address.ts';
import type { ShopDb } from '#server/db/index.ts';
import { companyCourierId } from '#server/couriers/company-courier.ts';
import { CourierApiError, type CourierCompany } from '#server/couriers/courier-company.ts';
import { Problem } from '#server/problem.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { CITIES_OF, readHandoverOrders, type HandoverOrder } from './order-handover-data.ts';
import { claimAndCreate, isStale, recoverStaleClaim } from './handover-claim.ts';

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
      values: { count: MAX_HANDOVER },
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
    .select(['id', 'company', 'tracking_number', 'updated_at'])
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
  const open = await openDelivery(db, orderId);
  // A claim nobody finished (the process stopped after asking, or the company's answer was lost): the company may
  // have the delivery. The one retry that takes the claim over asks the company for it by our reference.
  if (open && !open.tracking_number && isStale(open.updated_at)) return recoverStaleClaim(db, company, order, open, actor);
  const found = await existing(db, company, orderId);
  if (found) return found;
  if (order.status !== 'READY_TO_SHIP') return { orderId, outcome: 'notReady', status: order.status };
  const checked = handoverAddress(order.address, CITIES_OF[company.name]);
  if (!checked.ok) return { orderId, outcome: 'missing', missing: checked.missing };
  let placed;
  try {
    placed = await company.placeAddress(checked.address);
  } catch (error) {
    if (error instanceof CourierApiError) return { orderId, outcome: 'failed', message: error.message };
    throw error;
  }
  if (!placed) return { orderId, outcome: 'missing', missing: ['district'] };
  // A concurrent hand-over claimed the order first: read that one back.
  const created = await claimAndCreate(db, company, order, placed, courierId, actor);
  return created ?? (await existing(db, company, orderId)) ?? { orderId, outcome: 'pending' };
}
