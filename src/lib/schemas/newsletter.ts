import { z } from 'zod';

/** POST newsletter: the e-mail is trimmed and lowercased before it is stored (spec section 5). */
export const NewsletterSchema = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254).pipe(z.email()),
});
export type NewsletterInput = z.infer<typeof NewsletterSchema>;
