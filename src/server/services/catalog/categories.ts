import { sortByName } from '#i18n/format.ts';
import { languageOption, type Locale } from '#i18n/locales.ts';
import type { Category } from '#lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import { localField } from '#i18n/localized.ts';

/** Categories in shop order, each with its sub-categories (alphabetical in Arabic, shop order in English). */
export async function listCategories(db: ShopDb, locale: Locale, withSubs = true): Promise<Category[]> {
  const categories = await db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute();
  const subs = withSubs ? await db.selectFrom('sub_categories').selectAll().orderBy('position').orderBy('id').execute() : [];
  return categories.map((c) => {
    const inOrder = subs
      .filter((s) => s.category_id === c.id)
      .map((s) => ({ id: s.id, slug: s.slug, sub_category: localField(locale, s, 'name') }));
    // The spec sorts sub-categories alphabetically in the Arabic locale (the language option's `subCategories`).
    const own =
      languageOption(locale).subCategories === 'alphabetical' ? sortByName(inOrder, (s) => s.sub_category, locale) : inOrder;
    return { id: c.id, slug: c.slug, category: localField(locale, c, 'name'), sub_categories: own };
  });
}

/** Whether a category exists, and (when given) whether the sub-category belongs to it. */
export async function checkCategory(db: ShopDb, categoryId: number | undefined, subCategoryId: number | undefined) {
  if (categoryId !== undefined) {
    const found = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
    if (!found) return 'unknownCategory' as const;
  }
  if (subCategoryId !== undefined) {
    const sub = await db
      .selectFrom('sub_categories')
      .select(['id', 'category_id'])
      .where('id', '=', subCategoryId)
      .executeTakeFirst();
    if (!sub || (categoryId !== undefined && sub.category_id !== categoryId)) return 'unknownSubCategory' as const;
  }
  return undefined;
}
