import { Hono } from 'hono';
import { CouponListQuery, CreateCouponSchema, DeliveryFeesSchema, UpdateCouponSchema } from '#lib/schemas/admin-promotions.ts';
import { readDeliveryFees, updateDeliveryFees } from './delivery-fees.ts';
import { couponRedemptions, createCoupon, listCoupons, readCoupon, updateCoupon } from './coupons.ts';
import { Problem } from '#server/problem.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { validate } from '#server/api/validation.ts';
import { idParam } from '#server/api/params.ts';
import { requireStaff } from '../../shell/server/require-staff.ts';
import { deskDocumenter, done, missing, stale } from '#server/api/openapi/desk-docs.ts';
import { Coupon, CouponPage, CouponWithUses, DeliveryFees } from './promotion-answers.ts';

const documented = deskDocumenter('Promotions');

/** Coupons and delivery fees (issue 23), for members with promotions.manage. */
export const adminPromotionRoutes = new Hono<ApiEnv>()
  .get(
    '/coupons',
    documented('Coupons', { 200: done('A page of coupons.', CouponPage) }),
    requireStaff('promotions.manage'),
    validate('query', CouponListQuery),
    async (c) => c.json({ data: await listCoupons(c.get('db'), c.req.valid('query').page) }),
  )
  .post(
    '/coupons',
    documented('Create a coupon', { 201: done('The coupon.', Coupon), 409: stale }),
    requireStaff('promotions.manage'),
    validate('json', CreateCouponSchema),
    async (c) => c.json({ data: await createCoupon(c.get('db'), c.req.valid('json'), c.get('staff')) }, 201),
  )
  .get(
    '/coupons/:id',
    documented('A coupon and its uses', { 200: done('The coupon.', CouponWithUses), 404: missing('coupon') }),
    requireStaff('promotions.manage'),
    async (c) => {
      const db = c.get('db');
      const id = idParam(c, 'adminPromotions.couponNotFound');
      const coupon = await readCoupon(db, id);
      if (!coupon) throw new Problem(404, 'adminPromotions.couponNotFound');
      return c.json({ data: { coupon, redemptions: await couponRedemptions(db, id) } });
    },
  )
  .patch(
    '/coupons/:id',
    documented('Change a coupon', { 200: done('The coupon.', Coupon), 404: missing('coupon'), 409: stale }),
    requireStaff('promotions.manage'),
    validate('json', UpdateCouponSchema),
    async (c) =>
      c.json({
        data: await updateCoupon(c.get('db'), idParam(c, 'adminPromotions.couponNotFound'), c.req.valid('json'), c.get('staff')),
      }),
  )
  .get(
    '/delivery',
    documented('Delivery fees and days per governorate, and the free-delivery threshold', {
      200: done('The fees.', DeliveryFees),
    }),
    requireStaff('promotions.manage'),
    async (c) => c.json({ data: await readDeliveryFees(c.get('db')) }),
  )
  .put(
    '/delivery',
    documented('Set delivery fees and the free-delivery threshold', { 200: done('The fees.', DeliveryFees), 409: stale }),
    requireStaff('promotions.manage'),
    validate('json', DeliveryFeesSchema),
    async (c) => c.json({ data: await updateDeliveryFees(c.get('db'), c.req.valid('json'), c.get('staff')) }),
  );
