import * as z from 'zod/mini';
import { emailField, trimmedText } from './contact.ts';

/** Password bounds (ASVS 5.0 V6.2.1, V6.2.9): at least 8 characters, up to 128; no composition rules. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const password = z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX));
/** Typed as people type it; the API turns it into E.164 or answers with a field message. */
const phone = z.string().check(z.trim(), z.minLength(1), z.maxLength(32));
const code = z.string().check(z.trim(), z.regex(/^\d{6}$/));
const name = trimmedText(1, 60);

export const SignUpSchema = z.object({
  first_name: name,
  last_name: name,
  email: emailField,
  phone,
  password,
  password_confirmation: z.string(),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const LoginSchema = z.object({ login: trimmedText(1, 254), password: z.string().check(z.minLength(1)) });
export const PhoneSchema = z.object({ phone });
export const VerifyCodeSchema = z.object({ phone, code });
export const ResendSchema = z.object({ phone, purpose: z.enum(['signup', 'reset']) });
export const ResetPasswordSchema = z.object({ phone, code, password, password_confirmation: z.string() });
export const PhoneChangeCodeSchema = z.object({ code });
export const RefreshSchema = z.object({ refresh_token: z.optional(z.string().check(z.maxLength(200))) });

/** POST /auth/updateProfile text fields; every one optional (only what is sent changes). */
export const ProfileSchema = z.object({
  first_name: z.optional(name),
  last_name: z.optional(name),
  email: z.optional(emailField),
  phone: z.optional(phone),
  current_password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
  password: z.optional(password),
  password_confirmation: z.optional(z.string()),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** The same fields sent as a multipart form with the photo: an empty text field means "unchanged"; files are not text. */
export const ProfileFormSchema = z.pipe(
  z.transform((form: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string' && value !== '')),
  ),
  ProfileSchema,
);

/** An address-book entry (spec section 3); country is always Egypt. */
export const AddressSchema = z.object({
  title: trimmedText(1, 60),
  governorate_id: z.coerce.number().check(z.int(), z.positive()),
  city: trimmedText(1, 80),
  area: trimmedText(1, 80),
  street: trimmedText(1, 160),
  details: z.optional(trimmedText(0, 300)),
  is_primary: z.optional(z.boolean()),
});
export type AddressInput = z.infer<typeof AddressSchema>;
