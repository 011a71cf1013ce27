import { z } from 'zod';

/**
 * The text fields of a partner application (multipart form; the files are checked separately by
 * src/server/uploads). Contact e-mail and mobile are ours: the spec lists no way to reach the applicant.
 */
export const PartnerApplicationSchema = z.object({
  brand_name: z.string().trim().min(2).max(100),
  company_description: z.string().trim().min(20).max(3000),
  email: z.string().trim().toLowerCase().min(1).max(254).pipe(z.email()),
  // Egyptian mobile numbers: 010, 011, 012 or 015 followed by 8 digits.
  mobile: z
    .string()
    .trim()
    .regex(/^01[0125]\d{8}$/),
});
export type PartnerApplicationInput = z.infer<typeof PartnerApplicationSchema>;
