import * as z from 'zod/mini';
import { trimmedText } from './contact.ts';

/** Couriers and remittances (issue 22): request bodies and queries shared by the desk's islands and its API. */
const id = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(999_999_999));
// The number as typed (010…, +20…, spaces); the service normalises it to E.164 or refuses it in the reader's language.
const phone = z.string().check(z.trim(), z.minLength(1), z.maxLength(32));

export const CreateCourierSchema = z.object({ name: trimmedText(2, 80), phone });

export const UpdateCourierSchema = z.object({
  name: z.optional(trimmedText(2, 80)),
  phone: z.optional(phone),
  active: z.optional(z.boolean()),
});

export const RemittanceSchema = z.object({
  courier_id: id,
  order_ids: z.array(id).check(z.maxLength(500)),
  /** Piastres counted (the form turns the pounds typed into piastres with src/lib/money.ts). */
  amount: z.number().check(z.int(), z.minimum(0), z.maximum(100_000_000_00)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  /**
   * What to do when `amount` differs from the chosen orders' cash (issue 33, docs/back-office-cash.md). Absent: the
   * amount must match to the piastre (the form's behaviour so far). `balance`: the difference stays on the courier's
   * balance (short: still owed; over: pays back what earlier short remittances left owed, never more). `write_off`: a
   * shortfall is written off (cash.write_off, with `write_off_reason`).
   */
  settle_difference: z.optional(z.enum(['balance', 'write_off'])),
  write_off_reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

export const RemittanceQuerySchema = z.object({ courier: z.optional(id) });
