import * as z from 'zod/mini';
import { calendarDay } from './calendar-day.ts';

/** The courier companies' desk (issue 38): request bodies and queries shared by its island and its API. */
const id = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(999_999_999));

export const HandOverSchema = z.object({
  company: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  order_ids: z.array(id).check(z.minLength(1), z.maxLength(100)),
});

/** The company that collects a delivered order the shopper sends back (a return pickup). */
export const ReturnPickupSchema = z.object({
  company: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
});

/** `orders=12,13,14`: the orders whose airway bills print together, in this order. */
export const AirwayBillQuerySchema = z.object({
  orders: z.string().check(z.regex(/^\d{1,9}(,\d{1,9}){0,99}$/)),
});

/** A company's settlement export (CSV text, as saved), checked (dry run) or applied. */
export const SettlementSchema = z.object({
  company: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  /** The company's cycle reference (its settlement number or date), kept on each delivery settled. */
  reference: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  text: z.string().check(z.minLength(1), z.maxLength(2_000_000)),
  apply: z.optional(z.boolean()),
});

/** `day=YYYY-MM-DD`: a Cairo day (today when absent). */
export const ManifestQuerySchema = z.object({ day: z.optional(calendarDay) });
