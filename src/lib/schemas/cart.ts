import { z } from 'zod';
import { MAX_LINES, MAX_QUANTITY } from '../cart-math.ts';

/** POST /cart/quote: the spec's cart item payload (`product_id`, `quantity`), as POST /shopping-cart sends it. */
export const CartQuoteSchema = z.object({
  products: z
    .array(
      z.object({
        product_id: z.number().int().min(1).max(2_147_483_647),
        quantity: z.number().int().min(1).max(MAX_QUANTITY),
      }),
    )
    .max(MAX_LINES),
});

export type CartQuoteRequest = z.infer<typeof CartQuoteSchema>;
