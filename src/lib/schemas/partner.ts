import * as z from 'zod/mini';
import { emailField, trimmedText } from './contact.ts';

/**
 * The text fields of a partner application (multipart form; the files are checked separately by
 * src/server/uploads). Contact e-mail and mobile are ours: the spec lists no way to reach the applicant.
 */
export const PartnerApplicationSchema = z.object({
  brand_name: trimmedText(2, 100),
  company_description: trimmedText(20, 3000),
  email: emailField,
  // Egyptian mobile numbers: 010, 011, 012 or 015 followed by 8 digits.
  mobile: z.string().check(z.trim(), z.regex(/^01[0125]\d{8}$/)),
});
export type PartnerApplicationInput = z.infer<typeof PartnerApplicationSchema>;
