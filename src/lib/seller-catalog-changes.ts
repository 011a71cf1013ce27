/**
 * Sellers' catalog changes (issue 40, docs/sellers.md "Catalog"): shared by the seller portal, the desk's moderation
 * queue and the service between them (src/server/services/catalog/product-changes.ts).
 */

/**
 * What waits for staff when a seller changes a live product: what a shopper reads and pays (names, descriptions,
 * photos, prices). Everything else (stock, weight, category) applies at once.
 */
export const MODERATED_FIELDS = [
  'name_en',
  'name_ar',
  'description_en',
  'description_ar',
  'price',
  'before_discount',
  'images',
] as const;
export type ModeratedField = (typeof MODERATED_FIELDS)[number];

/** A change's state as the seller and staff see it. */
export type ChangeStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';
export type ChangeKind = 'create' | 'edit';
