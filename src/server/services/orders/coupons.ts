import type { CouponTerms } from '#lib/orders/order-math.ts';
import type { ShopDb } from '../../db/index.ts';
import type { CouponRow } from '../../db/schema.ts';
import { nowIso, toInt } from '../../db/values.ts';
import { Problem } from '../../problem.ts';

export const normalizeCode = (code: string) => code.trim().toUpperCase();

export const couponTerms = (c: CouponRow): CouponTerms => ({ kind: c.kind, value: c.value, maxDiscount: c.max_discount });

/**
 * The coupon if a shopper may use it on items worth `itemsTotal` (after sale prices): active, inside its validity
 * window, minimum subtotal reached, total and per-shopper limits not used up. Otherwise 'Invalid Coupon'.
 * This read is advisory; placing the order re-checks under lock (redeemCoupon).
 */
export async function usableCoupon(db: ShopDb, code: string, userId: number, itemsTotal: number): Promise<CouponRow> {
  const coupon = await db.selectFrom('coupons').selectAll().where('code', '=', normalizeCode(code)).executeTakeFirst();
  const now = nowIso();
  const invalid = new Problem(422, 'orders.invalidCoupon');
  if (!coupon || coupon.active !== 1) throw invalid;
  if ((coupon.starts_at && now < coupon.starts_at) || (coupon.ends_at && now >= coupon.ends_at)) throw invalid;
  if (itemsTotal < coupon.min_subtotal) throw invalid;
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) throw invalid;
  if (coupon.per_user_limit !== null && (await redemptionsBy(db, coupon.id, userId)) >= coupon.per_user_limit) throw invalid;
  return coupon;
}

async function redemptionsBy(db: ShopDb, couponId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toInt(row?.n);
}

/**
 * Takes one use of the coupon inside the order's transaction. The conditional UPDATE is the lock: on PostgreSQL a
 * concurrent redemption waits for the row and re-checks `used_count < usage_limit` after the first commits, so a
 * coupon limited to 5 is used exactly 5 times. The per-shopper count is read after it (and under the shopper lock).
 */
export async function redeemCoupon(trx: ShopDb, coupon: CouponRow, userId: number): Promise<void> {
  const taken = await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', coupon.id)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new Problem(422, 'orders.invalidCoupon');
  if (coupon.per_user_limit !== null && (await redemptionsBy(trx, coupon.id, userId)) >= coupon.per_user_limit) {
    throw new Problem(422, 'orders.invalidCoupon');
  }
}

export async function recordRedemption(trx: ShopDb, couponId: number, userId: number, orderId: number): Promise<void> {
  await trx
    .insertInto('coupon_redemptions')
    .values({ coupon_id: couponId, user_id: userId, order_id: orderId, created_at: nowIso() })
    .execute();
}

/** A cancelled order gives its coupon use back. */
export async function releaseCoupon(trx: ShopDb, couponId: number, orderId: number): Promise<void> {
  const removed = await trx.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) {
    await trx
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('id', '=', couponId)
      .where('used_count', '>', 0)
      .execute();
  }
}
