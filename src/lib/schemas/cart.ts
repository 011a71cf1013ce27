import * as z from 'zod/mini';
import { MAX_LINES, MAX_QUANTITY } from '../cart-math.ts';

/** A database id as the API accepts it: a positive integer that fits a 32-bit column. */
export const idNumber = z.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** POST /cart/quote: the spec's cart item payload (`product_id`, `quantity`), as POST /shopping-cart sends it. */
export const CartLinesSchema = z
  .array(
    z.object({
      product_id: idNumber,
      quantity: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_QUANTITY)),
    }),
  )
  .check(z.maxLength(MAX_LINES));

export const CartQuoteSchema = z.object({ products: CartLinesSchema });

export type CartQuoteRequest = z.infer<typeof CartQuoteSchema>;
