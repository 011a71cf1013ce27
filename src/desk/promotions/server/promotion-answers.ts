import {
  count,
  fields,
  flag,
  id,
  listOf,
  named,
  nullable,
  nullableText,
  piastres,
  text,
  when,
} from '#server/api/openapi/answer-fields.ts';

/** The coupons and delivery desk's answers, as its islands read them (issue 49: documented and checked like the shop's). */
export const Coupon = named(
  'DeskCoupon',
  fields({
    id,
    code: text,
    kind: text,
    value: piastres,
    max_discount: nullable(piastres),
    min_subtotal: piastres,
    starts_on: nullableText,
    ends_on: nullableText,
    usage_limit: nullable(count),
    per_user_limit: nullable(count),
    used_count: count,
    active: flag,
  }),
);

export const CouponPage = fields({ rows: listOf(Coupon), page: count, pages: count, total: count });

export const CouponWithUses = fields({
  coupon: Coupon,
  redemptions: listOf(fields({ order_id: id, shopper: text, discount: piastres, at: when })),
});

export const DeliveryFees = named(
  'DeskDeliveryFees',
  fields({
    governorates: listOf(fields({ id, name_en: text, name_ar: text, delivery_fee: piastres, delivery_days: count })),
    free_delivery_threshold: nullable(piastres),
  }),
);
