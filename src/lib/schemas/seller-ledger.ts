import * as z from 'zod/mini';
import { calendarDay } from './calendar-day.ts';
import { PAYOUT_METHODS } from '../seller-ledger/accounts.ts';
import { piastresField } from './admin-money.ts';
import { trimmedText } from './contact.ts';

/** The sellers' money on the desk (issue 40, docs/sellers.md › Money): bodies and queries of /api/admin/sellers/:id/…. */
const day = calendarDay;
const id = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

export const StatementQuerySchema = z.object({
  from: z.optional(day),
  to: z.optional(day),
  /** The cursor the previous page answered with (`next`). */
  after: z.optional(z.string().check(z.maxLength(80))),
});

export const PayoutListQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});

export const RecordPayoutSchema = z.object({
  amount: piastresField,
  method: z.enum(PAYOUT_METHODS),
  reference: trimmedText(2, 120),
  /** Made by the form when it opens: pressing twice, or a retry after a lost answer, records one payout. */
  idempotency_key: z.string().check(z.regex(/^[\w.:-]{8,100}$/)),
});

export const AdjustmentSchema = z.object({
  /** Piastres, signed: more than zero owes the seller more, less than zero takes back. */
  amount: z.number().check(
    z.int(),
    z.minimum(-999_999_999),
    z.maximum(999_999_999),
    z.refine((n) => n !== 0),
  ),
  reason: trimmedText(3, 300),
});

export const PayoutSuspensionSchema = z.object({
  suspended: z.boolean(),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(300))),
});

const fee = z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(999_999_999)));
export const CommissionRuleSchema = z.object({
  seller_id: z.nullable(id),
  category_id: z.nullable(id),
  kind: z.enum(['percent', 'flat']),
  rate_bp: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(10_000))),
  min_fee: z.optional(fee),
  max_fee: z.optional(fee),
  flat_fee: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(999_999_999))),
});

/** The scope whose rule is removed, named as PUT names it (a missing id is none: both missing is the marketplace's). */
export const CommissionScopeQuerySchema = z.object({
  seller_id: z.optional(id),
  category_id: z.optional(id),
});

export const ReturnedLinesSchema = z.object({
  line_ids: z.array(id).check(z.minLength(1), z.maxLength(100)),
  reason: trimmedText(3, 300),
});
