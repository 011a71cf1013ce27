import * as z from 'zod/mini';
import { emailField, trimmedText } from '#lib/schemas/contact.ts';
import { SELLER_ROLES } from '#core/permissions/seller-permissions.ts';

/** The team page's request bodies, shared by its form and the API (issue 40). */
export const InviteSellerMemberSchema = z.object({ email: emailField, name: trimmedText(1, 80), role: z.enum(SELLER_ROLES) });
export const ChangeSellerMemberSchema = z.object({ role: z.enum(SELLER_ROLES) });
