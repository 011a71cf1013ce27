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

const optionalText = (max: number) =>
  z.pipe(
    z.nullable(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((v) => (v ? v : null)),
  );
const id = z.number().check(z.int(), z.minimum(1));

/**
 * A product as the desk creates and edits it (issue 23): both languages side by side, where it sits in the catalog,
 * its money and stock, and its photos (uploaded first: /api/admin/media/products) each described in both languages.
 */
export const ProductInputSchema = z.object({
  sku: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/)),
  name_en: z.string().check(z.trim(), z.minLength(2), z.maxLength(150)),
  name_ar: z.string().check(z.trim(), z.minLength(2), z.maxLength(150)),
  description_en: z.string().check(z.trim(), z.minLength(10), z.maxLength(5000)),
  description_ar: z.string().check(z.trim(), z.minLength(10), z.maxLength(5000)),
  category_id: id,
  sub_category_id: id,
  seller_id: id,
  ...values,
  weight_grams: z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
  badge_en: optionalText(30),
  badge_ar: optionalText(30),
  variant_group: optionalText(60),
  variant_label_en: optionalText(40),
  variant_label_ar: optionalText(40),
  images: z
    .array(
      z.object({
        // A photo made by the desk's upload, or one the product already had: a path under /media or /api/media whose
        // segments never start with a dot, so `..` cannot climb out of it (issue 49).
        url: z.string().check(z.regex(/^\/(api\/)?media(\/[\w-][\w.-]*)+$/), z.maxLength(200)),
        alt_en: z.string().check(z.trim(), z.minLength(2), z.maxLength(150)),
        alt_ar: z.string().check(z.trim(), z.minLength(2), z.maxLength(150)),
      }),
    )
    .check(z.minLength(1), z.maxLength(8)),
  /** Out of the shop (listings, search, its page, the sitemap, new orders), kept with its history. */
  hidden: z._default(z.boolean(), false),
  /** Editing: the stock the operator saw (an order since then refuses a stock change instead of being overwritten). */
  was_stock: z.optional(stock),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** A category's or sub-category's names (issue 23); a sub-category names its category when it is created. */
export const CategoryInputSchema = z.object({
  slug: z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(60)),
  name_en: z.string().check(z.trim(), z.minLength(2), z.maxLength(60)),
  name_ar: z.string().check(z.trim(), z.minLength(2), z.maxLength(60)),
  name_ar_definite: z.optional(optionalText(60)),
  category_id: z.optional(id),
});
export const MoveSchema = z.object({ direction: z.enum(['up', 'down']) });
