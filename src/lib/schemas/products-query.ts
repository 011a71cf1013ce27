import { z } from 'zod';

export const productSorts = ['newest', 'price_asc', 'price_desc', 'rating', 'best_match'] as const;
export type ProductSort = (typeof productSorts)[number];

export const MAX_PER_PAGE = 60;

const positiveId = z.coerce.number().int().min(1);
const money = z.coerce.number().int().min(0);
/** One id or several (`seller=1&seller=3` or `seller=1,3`): multi-select filters submit repeated keys. */
const idList = z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(positiveId).min(1).max(50));
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** GET /products query: every filter, sort and page of a listing. Money bounds are piastres. */
export const ProductsQuerySchema = z
  .object({
    category: positiveId.optional(),
    subCategory: positiveId.optional(),
    query: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(24),
    sort: z.enum(productSorts).optional(),
    min_price: money.optional(),
    max_price: money.optional(),
    rating: z.coerce.number().min(0).max(5).optional(),
    in_stock: flag.optional(),
    seller: idList.optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ['max_price'],
    params: { key: 'priceRange' },
  });
export type ProductsQuery = z.infer<typeof ProductsQuerySchema>;
