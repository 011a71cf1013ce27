import * as z from 'zod/mini';
import { CartLinesSchema, idNumber } from './cart.ts';
import { trimmedText } from './contact.ts';
import { EgyptianMobileSchema } from './mobile.ts';

/** An address typed in at checkout instead of picking a saved one; it is saved to the shopper's address book. */
export const InlineAddressSchema = z.object({
  title: trimmedText(1, 60),
  governorate_id: z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
  city: trimmedText(1, 80),
  area: trimmedText(1, 80),
  street: trimmedText(1, 160),
  details: z.optional(trimmedText(0, 300)),
});

const coupon = z.optional(trimmedText(0, 40));
const paymentMethod = z.optional(trimmedText(0, 40));

/**
 * POST /orders. Only what the shopper chooses: lines, address, coupon, payment. Prices, discounts and totals are
 * always computed on the server; any such field a client sends is dropped by the schema (zod strips unknown keys).
 */
export const PlaceOrderSchema = z.object({
  products: CartLinesSchema,
  address_id: z.optional(idNumber),
  address: z.optional(InlineAddressSchema),
  coupon,
  payment_method: paymentMethod,
  use_wallet: z.optional(z.boolean()),
  /** The checkout's opt-in to order messages by WhatsApp/SMS (issue 37): stored with its wording's version. */
  message_consent: z.optional(z.boolean()),
  /**
   * The mobile wallet's number, checked here too so a typo is refused before an order is placed (and not after, by
   * the payment's start, which would cancel it); the payment's start carries it to the provider.
   */
  wallet_phone: z.optional(EgyptianMobileSchema),
});

export type PlaceOrderRequest = z.infer<typeof PlaceOrderSchema>;

/** Query-string numbers arrive as text. */
const queryId = (max: number) => z.coerce.number().check(z.int(), z.minimum(1), z.maximum(max));

/** GET /orders/summary query: `products` is the JSON of the cart payload (the server cart will replace it). */
export const OrderSummaryQuerySchema = z.object({
  products: z.pipe(
    z.string().check(z.maxLength(10_000)),
    z.pipe(
      // Text that is not JSON reads as nothing, so the cart check below names the field as missing.
      z.transform((text: string): unknown => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      }),
      CartLinesSchema,
    ),
  ),
  address_id: z.optional(queryId(2_147_483_647)),
  governorate_id: z.optional(queryId(1000)),
  coupon,
  payment_method: paymentMethod,
  use_wallet: z.optional(z.enum(['true', 'false', '1', '0'])),
});

export const CheckCouponSchema = z.object({
  coupon: trimmedText(1, 40),
  products: z.optional(CartLinesSchema),
});

/** POST /orders may carry an `Idempotency-Key` header: a retry with the same key answers the same order. */
export const IdempotencyHeaderSchema = z.object({
  'idempotency-key': z.optional(z.string().check(z.regex(/^[\w.:-]{8,100}$/))),
});

export const OrderIdParamSchema = z.object({ id: queryId(2_147_483_647) });

/** POST /orders/{id}/cancel?refund_to=: where a verified online payment goes back (the card unless the shopper picks the wallet). */
export const CancelOrderSchema = z.object({ refund_to: z._default(z.enum(['card', 'wallet']), 'card') });

/** POST /payments/{provider}: start the hosted payment of one of the shopper's PENDING orders. */
/**
 * POST /payments/:provider. `wallet_phone`: the mobile number of the wallet a mobile-wallet payment is paid from
 * (the checkout prefills the account's); other methods ignore it, and without it the account's number is sent.
 */
export const StartPaymentSchema = z.object({ order_id: idNumber, wallet_phone: z.optional(EgyptianMobileSchema) });
