import type { ShopDb } from '#server/db/index.ts';
import { isoNow } from '#server/auth/secrets.ts';
import { CourierApiError, type CourierCompany } from '#server/couriers/courier-company.ts';
import { Problem } from '#server/problem.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

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
    // The company said no (it has the parcel); a company that did not answer is a 502 (CourierApiError).
    if (error instanceof CourierApiError && error.refused)
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
