import type { Locale } from '../../../i18n/locales.ts';
import type { Category } from '../../../lib/types.ts';
import type { ShopDb } from '../../db/index.ts';

/** Categories in shop order, each with its sub-categories (alphabetical in Arabic, shop order in English). */
export async function listCategories(db: ShopDb, locale: Locale, withSubs = true): Promise<Category[]> {
  const categories = await db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute();
  const subs = withSubs ? await db.selectFrom('sub_categories').selectAll().orderBy('position').orderBy('id').execute() : [];
  const collator = new Intl.Collator('ar');
  return categories.map((c) => {
    const own = subs
      .filter((s) => s.category_id === c.id)
      .map((s) => ({ id: s.id, slug: s.slug, sub_category: locale === 'ar' ? s.name_ar : s.name_en }));
    // The spec sorts sub-categories alphabetically in the Arabic locale.
    if (locale === 'ar') own.sort((a, b) => collator.compare(a.sub_category, b.sub_category));
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
