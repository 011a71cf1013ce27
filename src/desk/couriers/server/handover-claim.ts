import type { HandoverOutcome } from '../courier-delivery-views.ts';
import { handoverAddress, type HandoverAddress } from '#lib/couriers/handover-address.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { CourierApiError, type CourierCompany, type CourierDelivery } from '#server/couriers/courier-company.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { isUniqueViolation } from '#server/db/values.ts';
import { CITIES_OF, type HandoverOrder } from './order-handover-data.ts';

/**
 * The hand-over's claim (decision 023): a `courier_deliveries` row without a tracking number while the company is
 * asked. The company refusing (4xx) removes it. Anything else — no answer, a crash between "the company created the
 * delivery" and "we stored it" — leaves it, because the company may have the delivery: the claim is then marked
 * stale at once (its `updated_at` set to the epoch), and a claim left by a process that died turns stale after
 * `STALE_CLAIM_MS`. The next hand-over of that order takes the stale claim over (one retry wins: the update is
 * conditional on the `updated_at` it read) and asks the company for the delivery by our business reference
 * (`findDelivery`) before creating one.
 */
export const STALE_CLAIM_MS = 60_000;
const UNKNOWN = '1970-01-01T00:00:00.000Z';

export const isStale = (updatedAt: string, now = Date.now()): boolean => now - Date.parse(updatedAt) >= STALE_CLAIM_MS;

/** Takes a stale claim over, or null when another request took it first. */
async function takeOverClaim(db: ShopDb, claimId: number, seen: string): Promise<number | null> {
  const taken = await db
    .updateTable('courier_deliveries')
    .set({ updated_at: isoNow() })
    .where('id', '=', claimId)
    .where('updated_at', '=', seen)
    .where('tracking_number', 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? claimId : null;
}

type ClaimedOrder = HandoverOrder & { placed?: HandoverAddress };

/** Asks the company to create the delivery for a claimed order, then stores it. */
async function createAtCompany(
  db: ShopDb,
  company: CourierCompany,
  order: ClaimedOrder,
  claimId: number,
  actor: StaffActor,
): Promise<HandoverOutcome> {
  const orderId = order.id;
  let address = order.placed;
  let delivery: CourierDelivery;
  try {
    if (!address) {
      const checked = handoverAddress(order.address, CITIES_OF[company.name]);
      address = checked.ok ? ((await company.placeAddress(checked.address)) ?? undefined) : undefined;
    }
    if (!address) throw new CourierApiError(company.name, 422, 'the address changed');
    delivery = await company.createDelivery({
      orderId,
      address,
      description: `Order ${orderId}`,
      itemsCount: Math.max(1, order.items),
      cashToCollect: order.cashToCollect,
    });
  } catch (error) {
    if (error instanceof CourierApiError && error.refused) {
      await db.deleteFrom('courier_deliveries').where('id', '=', claimId).execute();
      return { orderId, outcome: 'failed', message: error.message };
    }
    await db.updateTable('courier_deliveries').set({ updated_at: UNKNOWN }).where('id', '=', claimId).execute();
    if (error instanceof CourierApiError) return { orderId, outcome: 'failed', message: error.message };
    throw error;
  }
  return storeDelivery(db, company, order, claimId, delivery, actor);
}

/** Writes the company's delivery on the claim, audited. */
async function storeDelivery(
  db: ShopDb,
  company: CourierCompany,
  order: HandoverOrder,
  claimId: number,
  delivery: CourierDelivery,
  actor: StaffActor,
): Promise<HandoverOutcome> {
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
      subject: { type: 'order', id: order.id },
      after: { company: company.name, tracking: delivery.trackingNumber, cod: order.cashToCollect },
    });
  });
  return {
    orderId: order.id,
    outcome: 'created',
    trackingNumber: delivery.trackingNumber,
    trackingLink: company.trackingLink(delivery.trackingNumber),
  };
}

/**
 * Claims a ready order and asks the company to create its delivery; null when a concurrent hand-over claimed the
 * order first (the caller reads that one back).
 */
export async function claimAndCreate(
  db: ShopDb,
  company: CourierCompany,
  order: HandoverOrder,
  placed: HandoverAddress,
  courierId: number,
  actor: StaffActor,
): Promise<HandoverOutcome | null> {
  let claimId: number;
  try {
    const now = isoNow();
    const claim = await db
      .insertInto('courier_deliveries')
      .values({ order_id: order.id, courier_id: courierId, company: company.name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    claimId = claim.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return null;
  }
  return createAtCompany(db, company, { ...order, placed }, claimId, actor);
}

/**
 * A stale claim: the one request that takes it over asks the company for the delivery by our reference and stores
 * it, or creates it when the company has none (or gives the order up when it is no longer ready to ship).
 */
export async function recoverStaleClaim(
  db: ShopDb,
  company: CourierCompany,
  order: HandoverOrder,
  claim: { id: number; updated_at: string },
  actor: StaffActor,
): Promise<HandoverOutcome> {
  const orderId = order.id;
  const claimId = await takeOverClaim(db, claim.id, claim.updated_at);
  if (claimId === null) return { orderId, outcome: 'pending' };
  const found = await company.findDelivery(orderId).catch((error: unknown) => {
    if (error instanceof CourierApiError) return undefined;
    throw error;
  });
  if (found === undefined) return { orderId, outcome: 'failed', message: 'the company could not be asked' };
  if (found) return storeDelivery(db, company, order, claimId, found, actor);
  if (order.status !== 'READY_TO_SHIP') {
    await db.deleteFrom('courier_deliveries').where('id', '=', claimId).execute();
    return { orderId, outcome: 'notReady', status: order.status };
  }
  return createAtCompany(db, company, order, claimId, actor);
}
