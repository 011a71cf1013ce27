import * as z from 'zod/mini';
import { egyptianMobile } from '../phone.ts';

/**
 * An Egyptian mobile as people type it (01x…, +20…, spaces, Arabic-Indic digits), normalised to E.164 by the
 * shop's one phone rule (src/lib/phone.ts); anything else is refused with the `mobile` validation message.
 */
export const EgyptianMobileSchema = z.pipe(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  z.transform((typed: string, ctx) => {
    const phone = egyptianMobile(typed);
    if (phone) return phone;
    ctx.issues.push({ code: 'custom', input: typed, message: 'not an Egyptian mobile', params: { key: 'mobile' } });
    return z.NEVER;
  }),
);
