import * as z from 'zod/mini';
import { calendarDay } from './calendar-day.ts';

/**
 * Coupons in the desk (issue 23): request bodies shared by the desk's form and its API. Amounts are piastres (the
 * form turns the pounds typed into piastres with src/lib/money.ts); days are the shop's calendar days (Cairo).
 */
const piastres = z.number().check(z.int(), z.minimum(0), z.maximum(100_000_000_00));
const limit = z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)));
const day = z.nullable(calendarDay);

const couponFields = {
  kind: z.enum(['percent', 'fixed']),
  /** percent: 1..100; fixed: piastres. */
  value: z.number().check(z.int(), z.minimum(1), z.maximum(100_000_000_00)),
  max_discount: z.nullable(piastres.check(z.minimum(1))),
  min_subtotal: piastres,
  /** The first day the coupon works, and the last (inclusive); null: no bound. */
  starts_on: day,
  ends_on: day,
  usage_limit: limit,
  per_user_limit: limit,
};

export const CreateCouponSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,32}$/)),
  ...couponFields,
});

export const UpdateCouponSchema = z.partial(z.object({ ...couponFields, active: z.boolean() }));

export const CouponListQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});

/**
 * Delivery fees (issue 23): the governorates whose fee (piastres) or days (1 to 3) change, and the free-delivery
 * threshold when it changes. Only what changed is sent, so two operators editing different rows keep both edits.
 */
export const DeliveryFeesSchema = z.object({
  governorates: z
    .array(
      z.object({
        id: z.number().check(z.int(), z.minimum(1)),
        delivery_fee: piastres,
        delivery_days: z.number().check(z.int(), z.minimum(1), z.maximum(3)),
      }),
    )
    .check(z.maxLength(100)),
  /** Items worth this much or more travel free; null: never free; absent: unchanged. */
  free_delivery_threshold: z.optional(z.nullable(piastres)),
});
