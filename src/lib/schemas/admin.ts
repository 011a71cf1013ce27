import * as z from 'zod/mini';
import { calendarDay } from './calendar-day.ts';
import { STAFF_ROLES } from '#core/permissions/permissions.ts';
import { emailField, trimmedText } from './contact.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './account.ts';

/** The back office's request bodies, shared by its forms and its API (issue 22). */
export const StaffSignInSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX)),
});
export const StaffCodeSchema = z.object({
  code: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/))),
  recovery_code: z.optional(z.string().check(z.trim(), z.minLength(6), z.maxLength(40))),
});
export const EnrolCodeSchema = z.object({ code: z.string().check(z.trim(), z.regex(/^\d{6}$/)) });
export const AcceptInviteSchema = z.object({
  token: z.string().check(z.minLength(10), z.maxLength(100)),
  password: z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX)),
});
/** A member's own password change (issue 34): the current password, the new one, and an authenticator or recovery code. */
export const ChangeStaffPasswordSchema = z.object({
  current_password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX)),
  password: z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX)),
  code: z.string().check(z.trim(), z.minLength(6), z.maxLength(40)),
});
export const RegenerateRecoveryCodesSchema = z.object({
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX)),
});
export const InviteStaffSchema = z.object({ email: emailField, name: trimmedText(1, 80), role: z.enum(STAFF_ROLES) });
export const UpdateStaffSchema = z.object({
  role: z.optional(z.enum(STAFF_ROLES)),
  status: z.optional(z.enum(['active', 'disabled'])),
});
export const AuditQuerySchema = z.object({
  action: z.optional(z.string().check(z.maxLength(60))),
  staff: z.optional(z.string().check(z.maxLength(254))),
  subject_type: z.optional(z.string().check(z.maxLength(30))),
  subject_id: z.optional(z.string().check(z.maxLength(40))),
  from: z.optional(calendarDay),
  to: z.optional(calendarDay),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});
