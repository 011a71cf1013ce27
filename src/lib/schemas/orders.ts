import { z } from 'zod';
import { CartQuoteSchema } from './cart.ts';

/** An address typed in at checkout instead of picking a saved one; it is saved to the shopper's address book. */
export const InlineAddressSchema = z.object({
  title: z.string().trim().min(1).max(60),
  governorate_id: z.number().int().min(1).max(1000),
  city: z.string().trim().min(1).max(80),
  area: z.string().trim().min(1).max(80),
  street: z.string().trim().min(1).max(160),
  details: z.string().trim().max(300).optional(),
});

const coupon = z.string().trim().max(40).optional();

/**
 * POST /orders. Only what the shopper chooses: lines, address, coupon, payment. Prices, discounts and totals are
 * always computed on the server; any such field a client sends is dropped by the schema (zod strips unknown keys).
 */
export const PlaceOrderSchema = CartQuoteSchema.extend({
  address_id: z.number().int().min(1).max(2_147_483_647).optional(),
  address: InlineAddressSchema.optional(),
  coupon,
  payment_method: z.string().trim().max(40).optional(),
  use_wallet: z.boolean().optional(),
});

export type PlaceOrderRequest = z.infer<typeof PlaceOrderSchema>;

/** GET /orders/summary query: `products` is the JSON of the cart payload (the server cart will replace it). */
export const OrderSummaryQuerySchema = z.object({
  products: z.string().max(10_000),
  address_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  governorate_id: z.coerce.number().int().min(1).max(1000).optional(),
  coupon,
  payment_method: z.string().trim().max(40).optional(),
  use_wallet: z.enum(['true', 'false', '1', '0']).optional(),
});

export const CheckCouponSchema = z.object({
  coupon: z.string().trim().min(1).max(40),
  products: CartQuoteSchema.shape.products.optional(),
});

export const OrderIdParamSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** POST /orders/{id}/cancel?refund_to=: where a verified online payment goes back (the card unless the shopper picks the wallet). */
export const CancelOrderSchema = z.object({ refund_to: z.enum(['card', 'wallet']).default('card') });

/** POST /payments/{provider}: start the hosted payment of one of the shopper's PENDING orders. */
export const StartPaymentSchema = z.object({ order_id: z.number().int().min(1).max(2_147_483_647) });
