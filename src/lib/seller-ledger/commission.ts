/**
 * Commission rules (issue 40 item 5, docs/sellers.md › Money): pure, so the desk, the seller portal and the ledger
 * compute the same number. Amounts are integer piastres; a percentage is in basis points (1000 = 10 %).
 */
export type CommissionRule =
  | {
      scope: string;
      sellerId: number | null;
      categoryId: number | null;
      kind: 'percent';
      rateBp: number;
      minFee: number | null;
      maxFee: number | null;
    }
  | { scope: string; sellerId: number | null; categoryId: number | null; kind: 'flat'; flatFee: number };

/** The scope key a rule is stored under: one rule per scope. */
export function ruleScope(sellerId: number | null, categoryId: number | null): string {
  if (sellerId !== null && categoryId !== null) return `seller:${sellerId}:category:${categoryId}`;
  if (sellerId !== null) return `seller:${sellerId}`;
  if (categoryId !== null) return `category:${categoryId}`;
  return 'marketplace';
}

/** How specific a rule is: seller and category (3) > seller (2) > category (1) > the marketplace's default (0). */
export const specificity = (rule: CommissionRule): number =>
  (rule.sellerId !== null ? 2 : 0) + (rule.categoryId !== null ? 1 : 0);

/** The rule for a line of this seller in this category: the most specific of those that match, or none. */
export function pickRule(
  rules: readonly CommissionRule[],
  line: { sellerId: number; categoryId: number },
): CommissionRule | undefined {
  let best: CommissionRule | undefined;
  for (const rule of rules) {
    if (rule.sellerId !== null && rule.sellerId !== line.sellerId) continue;
    if (rule.categoryId !== null && rule.categoryId !== line.categoryId) continue;
    if (!best || specificity(rule) > specificity(best)) best = rule;
  }
  return best;
}

/**
 * The commission on one line of `gross` piastres: a flat amount, or the percentage rounded down to the piastre and
 * held between the rule's minimum and maximum. Never more than the line itself, never negative.
 */
export function commissionOn(rule: CommissionRule | undefined, gross: number): number {
  if (!rule || gross <= 0) return 0;
  let fee: number;
  if (rule.kind === 'flat') fee = rule.flatFee;
  else {
    fee = Math.floor((gross * rule.rateBp) / 10_000);
    if (rule.minFee !== null) fee = Math.max(fee, rule.minFee);
    if (rule.maxFee !== null) fee = Math.min(fee, rule.maxFee);
  }
  return Math.min(gross, Math.max(0, fee));
}

/** A delivered line's split: what the marketplace keeps and what the seller is owed. */
export function splitLine(rule: CommissionRule | undefined, gross: number): { commission: number; sellerShare: number } {
  const commission = commissionOn(rule, gross);
  return { commission, sellerShare: gross - commission };
}
