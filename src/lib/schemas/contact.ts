import { z } from 'zod';

/** POST contact-us: the four fields of spec section 3, checked the same way by the form and the API. */
export const ContactSchema = z.object({
  full_name: z.string().trim().min(2).max(100),
  email: z.string().trim().toLowerCase().min(1).max(254).pipe(z.email()),
  subject: z.string().trim().min(3).max(150),
  notes: z.string().trim().min(10).max(2000),
});
export type ContactInput = z.infer<typeof ContactSchema>;
