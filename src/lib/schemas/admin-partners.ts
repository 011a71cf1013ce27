import * as z from 'zod/mini';
import { trimmedText } from './contact.ts';

/** Partner applications in the desk (issue 23): the list's filters and the two decisions, shared by form and API. */
export const APPLICATION_STATUSES = ['received', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const ApplicationListQuery = z.object({
  status: z._default(z.enum(APPLICATION_STATUSES), 'received'),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});

/**
 * Approval creates the seller: its address (slug), and its name, city and description in both languages, prefilled
 * from the application and corrected by the operator.
 */
export const ApproveApplicationSchema = z.object({
  slug: z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.maxLength(60)),
  name_en: trimmedText(2, 100),
  name_ar: trimmedText(2, 100),
  city_en: trimmedText(2, 60),
  city_ar: trimmedText(2, 60),
  description_en: trimmedText(20, 3000),
  description_ar: trimmedText(20, 3000),
});
export type ApproveApplicationInput = z.infer<typeof ApproveApplicationSchema>;

/** A rejection says why: the reason is sent to the applicant. */
export const RejectApplicationSchema = z.object({ reason: trimmedText(10, 500) });

/** Suspending a seller says why (kept in the audit log). */
export const SuspendSellerSchema = z.object({ reason: trimmedText(5, 300) });
/** A seller owner's authenticator reset says how staff checked it was the owner asking (issue 50; the audit keeps it). */
export const ResetOwnerAuthenticatorSchema = z.object({ reason: trimmedText(5, 300) });
