import * as z from 'zod/mini';

// zod/mini (same issues and messages as classic zod, a fraction of the size): the form island ships this schema.
const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

/** A trimmed, lowercased e-mail address. */
export const emailField = z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254), z.email());

/** POST contact: the four fields of spec section 3, checked the same way by the form and the API. */
export const ContactSchema = z.object({
  full_name: text(2, 100),
  email: emailField,
  subject: text(3, 150),
  notes: text(10, 2000),
});
export type ContactInput = z.infer<typeof ContactSchema>;
export { text as trimmedText };
