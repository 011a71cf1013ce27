import type { DeskCategory } from '../catalog-views.ts';
import type { ShopDb } from '#server/db/index.ts';
import { isUniqueViolation, toInt } from '#server/db/values.ts';
import { fieldProblem, Problem } from '#server/problem.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import type { StaffActor } from '#core/actors/server/actors.ts';

/**
 * Categories and sub-categories in the desk (issue 23): names in both languages and their order. Each change is one
 * transaction with its audit record, then a new catalog version: the navbar, footer and listings of every page rendered
 * on demand follow at once (their navigation is cached per catalog version); pre-rendered pages at the next publish.
 */
export type CategoryKind = 'category' | 'sub_category';

export interface CategoryInput {
  slug: string;
  name_en: string;
  name_ar: string;
  /** Categories only: the Arabic name with its article ("القهوة"), for "كل {name}". */
  name_ar_definite?: string | null | undefined;
  /** Sub-categories only, when created. */
  category_id?: number | undefined;
}

const table = (kind: CategoryKind) => (kind === 'category' ? 'categories' : 'sub_categories');

/** Every category in shop order with its sub-categories in theirs, each with its number of products. */
export async function deskCategories(db: ShopDb): Promise<DeskCategory[]> {
  const [categories, subs, perSub] = await Promise.all([
    db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('sub_categories').selectAll().orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('products')
      .select(['sub_category_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('sub_category_id')
      .execute(),
  ]);
  const productsOf = new Map(perSub.map((r) => [r.sub_category_id, toInt(r.n)]));
  return categories.map((c) => {
    const own = subs
      .filter((s) => s.category_id === c.id)
      .map((s) => ({ id: s.id, slug: s.slug, name_en: s.name_en, name_ar: s.name_ar, products: productsOf.get(s.id) ?? 0 }));
    return {
      id: c.id,
      slug: c.slug,
      name_en: c.name_en,
      name_ar: c.name_ar,
      name_ar_definite: c.name_ar_definite,
      products: own.reduce((sum, s) => sum + s.products, 0),
      sub_categories: own,
    };
  });
}

async function changed(db: ShopDb): Promise<void> {
  await announceCatalogChange(db, { productIds: [], urgent: true });
}

const slugTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw fieldProblem(409, 'adminCatalog.slugTaken', 'slug');
  throw error;
};

/** Creates a category or a sub-category at the end of its list. */
export async function createCategory(
  db: ShopDb,
  kind: CategoryKind,
  input: CategoryInput,
  actor: StaffActor,
): Promise<{ id: number }> {
  const created = await db
    .transaction()
    .execute(async (trx) => {
      let position: number;
      if (kind === 'sub_category') {
        const parent = await trx
          .selectFrom('categories')
          .select('id')
          .where('id', '=', input.category_id ?? 0)
          .executeTakeFirst();
        if (!parent) throw fieldProblem(422, 'adminCatalog.unknownCategory', 'category_id');
        const last = await trx
          .selectFrom('sub_categories')
          .select((eb) => eb.fn.max('position').as('p'))
          .where('category_id', '=', parent.id)
          .executeTakeFirst();
        position = toInt(last?.p) + 1;
        const row = await trx
          .insertInto('sub_categories')
          .values({ category_id: parent.id, slug: input.slug, name_en: input.name_en, name_ar: input.name_ar, position })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'sub_category.create',
          subject: { type: 'sub_category', id: row.id },
          after: input,
        });
        return { id: row.id };
      }
      const last = await trx
        .selectFrom('categories')
        .select((eb) => eb.fn.max('position').as('p'))
        .executeTakeFirst();
      position = toInt(last?.p) + 1;
      const row = await trx
        .insertInto('categories')
        .values({
          slug: input.slug,
          name_en: input.name_en,
          name_ar: input.name_ar,
          name_ar_definite: input.name_ar_definite ?? null,
          position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: 'category.create', subject: { type: 'category', id: row.id }, after: input });
      return { id: row.id };
    })
    .catch(slugTaken);
  await changed(db);
  return created;
}

/** Renames a category or a sub-category (its products stay where they are). */
export async function renameCategory(
  db: ShopDb,
  kind: CategoryKind,
  id: number,
  input: CategoryInput,
  actor: StaffActor,
): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom(table(kind))
        .select(['slug', 'name_en', 'name_ar'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!before) throw new Problem(404, 'adminCatalog.categoryNotFound');
      const set = { slug: input.slug, name_en: input.name_en, name_ar: input.name_ar };
      // An absent article-name keeps the one stored; an empty one clears it.
      const definite = input.name_ar_definite !== undefined ? { name_ar_definite: input.name_ar_definite } : {};
      if (kind === 'category')
        await trx
          .updateTable('categories')
          .set({ ...set, ...definite })
          .where('id', '=', id)
          .execute();
      else await trx.updateTable('sub_categories').set(set).where('id', '=', id).execute();
      await recordAudit(trx, actor, { action: `${kind}.update`, subject: { type: kind, id }, before, after: input });
    })
    .catch(slugTaken);
  await changed(db);
}

/** Moves a category (or a sub-category within its category) one place up or down the list. */
export async function moveCategory(
  db: ShopDb,
  kind: CategoryKind,
  id: number,
  direction: 'up' | 'down',
  actor: StaffActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const me = await trx.selectFrom(table(kind)).selectAll().where('id', '=', id).executeTakeFirst();
    if (!me) throw new Problem(404, 'adminCatalog.categoryNotFound');
    const siblings =
      kind === 'category'
        ? await trx.selectFrom('categories').select(['id', 'position']).orderBy('position').orderBy('id').execute()
        : await trx
            .selectFrom('sub_categories')
            .select(['id', 'position'])
            .where('category_id', '=', (me as { category_id: number }).category_id)
            .orderBy('position')
            .orderBy('id')
            .execute();
    const order = siblings.map((s) => s.id);
    const at = order.indexOf(id);
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return; // already first or last
    [order[at], order[to]] = [order[to]!, order[at]!];
    // Positions numbered again from the new order: equal positions (two rows added at once) can never tie the order.
    for (const [position, rowId] of order.entries()) {
      if (kind === 'category') await trx.updateTable('categories').set({ position }).where('id', '=', rowId).execute();
      else await trx.updateTable('sub_categories').set({ position }).where('id', '=', rowId).execute();
    }
    await recordAudit(trx, actor, { action: `${kind}.move`, subject: { type: kind, id }, after: { direction, order } });
  });
  await changed(db);
}
