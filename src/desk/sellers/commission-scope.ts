/** The four scopes a commission rule has (issue 40), by which of seller and category it names. */
export const SCOPES = ['marketplace', 'category', 'seller', 'seller_category'] as const;
export type ScopeKind = (typeof SCOPES)[number];

export const scopeKind = (rule: { sellerId: number | null; categoryId: number | null }): ScopeKind =>
  rule.sellerId !== null
    ? rule.categoryId !== null
      ? 'seller_category'
      : 'seller'
    : rule.categoryId !== null
      ? 'category'
      : 'marketplace';

export const scopeHasSeller = (scope: ScopeKind): boolean => scope === 'seller' || scope === 'seller_category';
export const scopeHasCategory = (scope: ScopeKind): boolean => scope === 'category' || scope === 'seller_category';

/** A seller or a category as the screen names it (in the reader's language). */
export interface Named {
  id: number;
  name: string;
}
