import { Hono } from 'hono';
import { CheckCouponSchema } from '#lib/schemas/orders.ts';
import { couponDiscount } from '#lib/orders/order-math.ts';
import { couponTerms, usableCoupon } from '../services/orders/coupons.ts';
import { codBlocked, paymentMethods } from '../services/orders/payment-methods.ts';
import { priceOrder } from '../services/orders/pricing.ts';
import { deliveryTerms } from '../services/orders/settings.ts';
import { checkoutAddresses } from '../services/orders/checkout-addresses.ts';
import { walletStatement } from '../services/orders/wallet.ts';
import type { ApiEnv } from './context.ts';
import { requireUser, signedInShopper } from './require-user.ts';
import { validate } from './validation.ts';
import * as z from 'zod/mini';
import { documenter, ok, refused } from './openapi/describe.ts';
import { Governorate, PaymentMethod, SavedAddress, Wallet } from './openapi/shapes.ts';

const documented = documenter('Checkout');

/** Checkout helpers: coupon check, payment methods, delivery terms, the shopper's wallet and saved addresses. */
export const checkoutRoutes = new Hono<ApiEnv>()
  .get(
    '/delivery-terms',
    documented({
      summary: 'Delivery fees and days per governorate, and the free-delivery threshold',
      responses: {
        200: ok(
          'The terms.',
          z.looseObject({ free_delivery_threshold: z.nullable(z.number()), governorates: z.array(Governorate) }),
        ),
      },
    }),
    async (c) => c.json({ data: await deliveryTerms(c.get('db'), c.get('locale')) }),
  )
  // Open to guests; a signed-in shopper flagged for cash on delivery gets the prepaid methods only, and is told why.
  .get(
    '/payment-methods',
    documented({
      summary: 'The payment methods open to this shopper',
      description: 'Open to guests; a shopper flagged for cash on delivery gets the prepaid methods only (`cod_blocked`).',
      security: 'optionalBearer',
      responses: { 200: ok('The methods.', z.array(PaymentMethod), { cod_blocked: z.boolean() }) },
    }),
    async (c) => {
      const blocked = await codBlocked(c.get('db'), (await signedInShopper(c))?.userId);
      return c.json({ data: await paymentMethods(c.get('db'), c.get('locale'), { withoutCod: blocked }), cod_blocked: blocked });
    },
  )
  .post(
    '/checkCoupon',
    documented({
      summary: 'Whether a coupon is usable, and its discount on these lines',
      responses: {
        200: ok(
          'The coupon.',
          z.looseObject({ code: z.string(), kind: z.string(), value: z.number(), DiscountAmount: z.nullable(z.number()) }),
        ),
        422: refused('Invalid coupon (unknown, inactive, expired, below its minimum, used up).'),
      },
    }),
    requireUser,
    validate('json', CheckCouponSchema),
    async (c) => {
      const { coupon: code, products } = c.req.valid('json');
      const db = c.get('db');
      const userId = c.get('userId');
      const itemsTotal = products
        ? (await priceOrder(db, userId, { products })).lines.reduce((sum, l) => sum + l.line_total, 0)
        : Number.MAX_SAFE_INTEGER;
      const coupon = await usableCoupon(db, code, userId, itemsTotal);
      const DiscountAmount = products ? couponDiscount(itemsTotal, couponTerms(coupon)) : null;
      return c.json({
        data: { code: coupon.code, kind: coupon.kind, value: coupon.value, min_subtotal: coupon.min_subtotal, DiscountAmount },
      });
    },
  )
  .get(
    '/wallet',
    documented({
      summary: "The shopper's wallet: balance and entries, newest first",
      responses: { 200: ok('The statement.', Wallet) },
    }),
    requireUser,
    async (c) => c.json({ data: await walletStatement(c.get('db'), c.get('userId'), c.get('locale')) }),
  )
  .get(
    '/checkout/addresses',
    documented({
      summary: "The shopper's addresses for the checkout, primary first",
      responses: { 200: ok('The addresses.', z.array(SavedAddress)) },
    }),
    requireUser,
    async (c) => c.json({ data: await checkoutAddresses(c.get('db'), c.get('userId'), c.get('locale')) }),
  );
