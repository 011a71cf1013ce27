import { sortByName } from '../../../i18n/format.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { Category } from '../../../lib/types.ts';
import type { ShopDb } from '../../db/index.ts';

/** Categories in shop order, each with its sub-categories (alphabetical in Arabic, shop order in English). */
export async function listCategories(db: ShopDb, locale: Locale, withSubs = true): Promise<Category[]> {
  const categories = await db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute();
  const subs = withSubs ? await db.selectFrom('sub_categories').selectAll().orderBy('position').orderBy('id').execute() : [];
  return categories.map((c) => {
    const inOrder = subs
      .filter((s) => s.category_id === c.id)
      .map((s) => ({ id: s.id, slug: s.slug, sub_category: locale === 'ar' ? s.name_ar : s.name_en }));
    // The spec sorts sub-categories alphabetically in the Arabic locale.
    const own = locale === 'ar' ? sortByName(inOrder, (s) => s.sub_category, locale) : inOrder;
    return { id: c.id, slug: c.slug, category: locale === 'ar' ? c.name_ar : c.name_en, sub_categories: own };
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
