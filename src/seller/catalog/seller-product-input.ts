import * as z from 'zod/mini';
import { ProductInputSchema } from '#lib/schemas/admin-catalog.ts';

/**
 * A product as a seller creates and edits it (issue 40): the desk's product input without what only staff set (the
 * seller, the badges, the variant group, hidden). Amounts are piastres, typed in with parseMoneyInput.
 */
export const SellerProductInputSchema = z.omit(ProductInputSchema, {
  seller_id: true,
  badge_en: true,
  badge_ar: true,
  variant_group: true,
  variant_label_en: true,
  variant_label_ar: true,
  hidden: true,
});
export type SellerProductInput = z.infer<typeof SellerProductInputSchema>;
