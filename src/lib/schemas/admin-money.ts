import * as z from 'zod/mini';
import { trimmedText } from './contact.ts';

/**
 * An amount in integer piastres, more than zero (every admin API takes piastres, issue 33): the desk's forms read the
 * pounds staff type with parseMoneyInput (src/lib/money.ts) and send its piastres.
 */
export const piastresField = z.number().check(z.int(), z.minimum(1), z.maximum(999_999_999));

/** The back office's refunds and customers (issue 22): bodies and queries shared by the desk's forms and its API. */
export const RefundListQuerySchema = z.object({
  status: z.optional(z.enum(['owed', 'paid'])),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
export const PayRefundSchema = z.object({
  amount: z.optional(piastresField),
  destination: z.enum(['wallet', 'card']),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(300))),
});
export const CustomerSearchSchema = z.object({
  q: z.optional(z.string().check(z.maxLength(100))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
export const WalletAdjustmentSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: piastresField,
  reason: trimmedText(3, 300),
});
export const CodFlagSchema = z.object({
  blocked: z.boolean(),
  reason: trimmedText(3, 300),
});
