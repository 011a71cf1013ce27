import * as z from 'zod/mini';
import { PART_STATUSES } from '../orders/part-status.ts';

/** The seller portal's order parts list (issue 40 item 4), shared by its page and its API. */
export const PartQuerySchema = z.object({
  status: z.optional(z.enum(PART_STATUSES)),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
});
