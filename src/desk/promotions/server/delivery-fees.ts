import type { DeliveryFeesView } from '../promotion-views.ts';
import type { ShopDb } from '#server/db/index.ts';
import { Problem } from '#server/problem.ts';
import { freeDeliveryThreshold } from '#server/services/orders/settings.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

/**
 * Delivery fees per governorate and the free-delivery threshold (issue 23): the same rows the cart's estimate and the
 * order's pricing read, so a change reaches the next shopper's request.
 */
export async function readDeliveryFees(db: ShopDb): Promise<DeliveryFeesView> {
  const governorates = await db
    .selectFrom('governorates')
    .select(['id', 'name_en', 'name_ar', 'delivery_fee', 'delivery_days'])
    .orderBy('position')
    .execute();
  return { governorates, free_delivery_threshold: await freeDeliveryThreshold(db) };
}

export interface DeliveryFeesInput {
  governorates: { id: number; delivery_fee: number; delivery_days: number }[];
  /** Absent: unchanged. */
  free_delivery_threshold?: number | null | undefined;
}

/** Saves the rows given and the threshold at once, or nothing (an unknown governorate refuses the whole change). */
export async function updateDeliveryFees(db: ShopDb, input: DeliveryFeesInput, actor: StaffActor): Promise<DeliveryFeesView> {
  return db.transaction().execute(async (trx) => {
    const before = await readDeliveryFees(trx);
    const known = new Set(before.governorates.map((g) => g.id));
    if (input.governorates.some((g) => !known.has(g.id))) throw new Problem(422, 'adminPromotions.unknownGovernorate');
    for (const g of input.governorates) {
      await trx
        .updateTable('governorates')
        .set({ delivery_fee: g.delivery_fee, delivery_days: g.delivery_days })
        .where('id', '=', g.id)
        .execute();
    }
    if (input.free_delivery_threshold !== undefined) {
      await trx.deleteFrom('shop_settings').where('key', '=', 'free_delivery_threshold').execute();
    }
    if (input.free_delivery_threshold !== undefined && input.free_delivery_threshold !== null) {
      await trx
        .insertInto('shop_settings')
        .values({ key: 'free_delivery_threshold', value: String(input.free_delivery_threshold) })
        .execute();
    }
    const after = await readDeliveryFees(trx);
    await recordAudit(trx, actor, { action: 'delivery.update', subject: { type: 'delivery', id: 0 }, before, after });
    return after;
  });
}
