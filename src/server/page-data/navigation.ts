import type { Locale } from '#i18n/locales.ts';
import { localized } from '#i18n/localized.ts';
import { dictionary, interpolate } from '#i18n/t.ts';
import type { NavigationCategory } from '#lib/types.ts';
import type { ShopDb } from '../db/index.ts';
import { listCategories } from '../services/catalog/categories.ts';
import { cachedPerLocale } from './locale-cache.ts';

/**
 * The categories with their "All {name}" link text. Arabic needs the name with its article ("كل القهوة", not
 * "كل قهوة"), which each category stores (name_ar_definite, migration 015); without one the plain name is used.
 */
async function loadNavigation(db: ShopDb, locale: Locale): Promise<NavigationCategory[]> {
  const [categories, definite] = await Promise.all([
    listCategories(db, locale),
    db.selectFrom('categories').select(['id', 'name_ar_definite']).execute(),
  ]);
  // Only Arabic has a definite form; English reads the plain name.
  const definiteOf = new Map(definite.map((row) => [row.id, localized(locale, { en: null, ar: row.name_ar_definite })]));
  const allOf = dictionary(locale).nav.allOf;
  return categories.map((c) => ({ ...c, allLabel: interpolate(allOf, { name: definiteOf.get(c.id) ?? c.category }) }));
}

/** Categories for the navbar, footer and listings, fetched once per language and kept five minutes (spec section 2, start-up behaviour). */
export const navigationCategories = cachedPerLocale(5 * 60_000, loadNavigation);
