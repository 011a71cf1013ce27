import * as z from 'zod/mini';

/**
 * The products grid (issue 23): quick edits of price, old price and stock across many products, shared by the grid and
 * its API. Amounts are piastres. Each row carries what the operator saw (`was`), so a value that moved since (an
 * order took stock, another operator saved) is refused instead of overwritten.
 */
const piastres = z.number().check(z.int(), z.minimum(1), z.maximum(100_000_000_00));
const stock = z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000));
const values = { price: piastres, before_discount: z.nullable(piastres), stock };

export const ProductGridQuery = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});

export const ProductGridChangesSchema = z.object({
  rows: z
    .array(
      z.object({
        id: z.number().check(z.int(), z.minimum(1)),
        ...z.partial(z.object(values)).shape,
        was: z.object(values),
      }),
    )
    .check(z.minLength(1), z.maxLength(200)),
  /** Why stock changed (a recount, a delivery from the roaster), on every movement this save makes. */
  note: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
});
export type ProductGridChanges = z.infer<typeof ProductGridChangesSchema>;
