import * as z from 'zod/mini';

/**
 * POST newsletter: the e-mail is trimmed and lowercased before it is stored (spec section 5). A pipe, so an empty
 * field reads 'required' alone (the toast shows the first message).
 */
export const NewsletterSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)), z.email()),
});
export type NewsletterInput = z.infer<typeof NewsletterSchema>;
