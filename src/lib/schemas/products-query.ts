import * as z from 'zod/mini';

export const productSorts = ['newest', 'price_asc', 'price_desc', 'rating', 'best_match'] as const;
export type ProductSort = (typeof productSorts)[number];

export const MAX_PER_PAGE = 60;

const positiveId = z.coerce.number().check(z.int(), z.minimum(1));
const money = z.coerce.number().check(z.int(), z.minimum(0));
/** One id or several (`seller=1&seller=3` or `seller=1,3`): multi-select filters submit repeated keys. */
const idList = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.split(',') : v)),
  z.array(positiveId).check(z.minLength(1), z.maxLength(50)),
);
const flag = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((v) => v === 'true' || v === '1'),
);

/** GET /products query: every filter, sort and page of a listing. Money bounds are piastres. */
export const ProductsQuerySchema = z
  .object({
    category: z.optional(positiveId),
    subCategory: z.optional(positiveId),
    query: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
    per_page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_PER_PAGE)), 24),
    sort: z.optional(z.enum(productSorts)),
    min_price: z.optional(money),
    max_price: z.optional(money),
    rating: z.optional(z.coerce.number().check(z.minimum(0), z.maximum(5))),
    in_stock: z.optional(flag),
    seller: z.optional(idList),
  })
  .check(
    z.refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
      path: ['max_price'],
      params: { key: 'priceRange' },
    }),
  );
export type ProductsQuery = z.infer<typeof ProductsQuerySchema>;
