import { sortByName } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import { localField } from '#i18n/localized.ts';
import { specificity, type CommissionRule } from '#lib/seller-ledger/commission.ts';
import type { ShopDb } from '#server/db/index.ts';
import { commissionRules } from '#core/seller-ledger/server/index.ts';
import type { Named } from '../commission-scope.ts';

/** A rule with the names of what it applies to (null where the scope has none). */
export type NamedRule = CommissionRule & { sellerName: string | null; categoryName: string | null };

/**
 * What the commission screen draws (issue 40): every rule with its seller's and category's names in the reader's
 * language, least specific first (the order the "most specific wins" help reads in), and the sellers and categories
 * the form offers, by name. A few hundred sellers at most, a dozen categories.
 */
export async function deskCommissionRules(db: ShopDb, locale: Locale) {
  const [rules, sellerRows, categoryRows] = await Promise.all([
    commissionRules(db),
    db.selectFrom('sellers').select(['id', 'name_en', 'name_ar']).execute(),
    db.selectFrom('categories').select(['id', 'name_en', 'name_ar']).orderBy('position').orderBy('id').execute(),
  ]);
  const sellers: Named[] = sortByName(
    sellerRows.map((s) => ({ id: s.id, name: localField(locale, s, 'name') })),
    (s) => s.name,
    locale,
  );
  const categories: Named[] = categoryRows.map((c) => ({ id: c.id, name: localField(locale, c, 'name') }));
  const nameOf = (list: Named[], id: number | null) => (id === null ? null : (list.find((n) => n.id === id)?.name ?? `#${id}`));
  const named: NamedRule[] = rules
    .map((r) => ({ ...r, sellerName: nameOf(sellers, r.sellerId), categoryName: nameOf(categories, r.categoryId) }))
    .sort((a, b) => specificity(a) - specificity(b));
  return { rules: named, sellers, categories };
}
