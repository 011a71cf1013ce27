import * as z from 'zod/mini';
import { trimmedText } from './contact.ts';

/**
 * Amounts as staff type them, in pounds ("150", "150.5", "150.50"), more than zero: the API turns them into piastres
 * with fromPounds (src/lib/money.ts), so the form and the server read the same text the same way.
 */
export const poundsField = z.string().check(z.trim(), z.regex(/^(?!0*(\.0*)?$)\d{1,7}(\.\d{1,2})?$/));

/** The back office's refunds and customers (issue 22): bodies and queries shared by the desk's forms and its API. */
export const RefundListQuerySchema = z.object({
  status: z.optional(z.enum(['owed', 'paid'])),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
export const PayRefundSchema = z.object({
  amount: z.optional(poundsField),
  destination: z.enum(['wallet', 'card']),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(300))),
});
export const CustomerSearchSchema = z.object({
  q: z.optional(z.string().check(z.maxLength(100))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
export const WalletAdjustmentSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: poundsField,
  reason: trimmedText(3, 300),
});
export const CodFlagSchema = z.object({
  blocked: z.boolean(),
  reason: trimmedText(3, 300),
});
