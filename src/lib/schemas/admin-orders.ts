import * as z from 'zod/mini';
import { calendarDay } from './calendar-day.ts';
import { ORDER_STATUSES } from '../orders/order-status.ts';

/** The orders desk's request bodies and query (issue 22), shared by its islands and its API. */
const status = z.enum(ORDER_STATUSES);
const day = calendarDay;
const reason = z.optional(z.string().check(z.trim(), z.maxLength(500)));
const id = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(999_999_999));

export const DeskQuerySchema = z.object({
  status: z.optional(status),
  payment_method: z.optional(z.string().check(z.maxLength(40))),
  payment_status: z.optional(z.string().check(z.maxLength(20))),
  governorate: z.optional(id),
  courier: z.optional(id),
  from: z.optional(day),
  to: z.optional(day),
  q: z.optional(z.string().check(z.maxLength(100))),
  sort: z.optional(z.enum(['created', 'total', 'status'])),
  dir: z.optional(z.enum(['asc', 'desc'])),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000))),
});

export const MoveSchema = z.object({
  from: status,
  to: status,
  reason,
  courier_id: z.optional(id),
  tracking_number: z.optional(z.string().check(z.trim(), z.maxLength(60))),
});

export const BulkMoveSchema = z.object({
  orders: z.array(z.object({ id, from: status })).check(z.minLength(1), z.maxLength(200)),
  to: status,
  reason,
  courier_id: z.optional(id),
});

export const FailedDeliverySchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  outcome: z.enum(['reschedule', 'return']),
});

export const NoteSchema = z.object({ body: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)) });

export const CallSchema = z.object({
  outcome: z.enum(['confirmed', 'no_answer', 'wrong_number', 'refused', 'call_back']),
  call_back_at: z.optional(z.string().check(z.maxLength(40))),
  note: reason,
});
