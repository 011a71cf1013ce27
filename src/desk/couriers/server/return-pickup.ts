import { handoverAddress } from '#lib/couriers/handover-address.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { isUniqueViolation } from '#server/db/values.ts';
import { CourierApiError, type CourierCompany } from '#server/couriers/courier-company.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';
import { CITIES_OF, readHandoverOrders } from './order-handover-data.ts';

export interface ReturnPickup {
  orderId: number;
  company: string;
  /** Null while another request is asking the company. */
  trackingNumber: string | null;
  trackingLink: string | null;
}

const answer = (company: CourierCompany, orderId: number, tracking: string | null): ReturnPickup => ({
  orderId,
  company: company.name,
  trackingNumber: tracking,
  trackingLink: tracking ? company.trackingLink(tracking) : null,
});

/**
 * Books the company's return pickup (Bosta's type 25, "customer return pickup") of a delivered order the shopper
 * sends back (issue 38): the company collects the parcel at the shopper's address and brings it to the shop.
 * Idempotent as the hand-over is: the `courier_return_pickups` row (one per order) is claimed before the company is
 * asked, so a second click or a retried request answers the first booking; the company refusing removes the claim
 * (409 with its message), not answering leaves it and answers 502 — the next request asks the company for nothing
 * new until a person looks (the claim shows as being booked).
 */
export async function bookReturnPickup(
  db: ShopDb,
  company: CourierCompany,
  orderId: number,
  actor: StaffActor,
): Promise<ReturnPickup> {
  const [order] = await readHandoverOrders(db, [orderId]);
  if (!order) throw new Problem(404, 'admin.orderNotFound');
  const booked = await db
    .selectFrom('courier_return_pickups')
    .select('tracking_number')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (booked) return answer(company, orderId, booked.tracking_number);
  if (order.status !== 'DELIVERED') throw new Problem(409, 'couriers.returnNotDelivered');
  const checked = handoverAddress(order.address, CITIES_OF[company.name]);
  const address = checked.ok ? await company.placeAddress(checked.address) : null;
  if (!address)
    throw new Problem(422, 'couriers.returnAddressMissing', {
      detail: { missing: checked.ok ? ['district'] : checked.missing },
    });
  const now = isoNow();
  let claimId: number;
  try {
    claimId = (
      await db
        .insertInto('courier_return_pickups')
        .values({ order_id: orderId, company: company.name, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return bookReturnPickup(db, company, orderId, actor);
  }
  let pickup;
  try {
    pickup = await company.bookReturnPickup({
      returnId: claimId,
      orderId,
      address,
      description: `Return of order ${orderId}`,
      itemsCount: Math.max(1, order.items),
    });
  } catch (error) {
    if (error instanceof CourierApiError && error.refused) {
      await db.deleteFrom('courier_return_pickups').where('id', '=', claimId).execute();
      throw new Problem(409, 'couriers.returnRefused', { values: { message: error.message } });
    }
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('courier_return_pickups')
      .set({
        tracking_number: pickup.trackingNumber,
        provider_id: pickup.providerId,
        state_code: pickup.stateCode,
        step: pickup.step,
        updated_at: isoNow(),
      })
      .where('id', '=', claimId)
      .execute();
    await recordAudit(trx, actor, {
      action: 'order.courier_return_pickup',
      subject: { type: 'order', id: orderId },
      after: { company: company.name, tracking: pickup.trackingNumber },
    });
  });
  return answer(company, orderId, pickup.trackingNumber);
}
