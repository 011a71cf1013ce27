import { sortByName } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import type { CatalogChoices, ProductEditView } from '../catalog-views.ts';
import type { ProductInput } from '#lib/schemas/admin-catalog.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { ProductRow } from '#server/db/schema.ts';
import { isUniqueViolation, nowIso } from '#server/db/values.ts';
import { fieldProblem, Problem } from '#server/problem.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { recordStockMovements } from '#server/services/catalog/stock-movements.ts';
import { forgetOutOfShop } from '#server/services/catalog/out-of-shop.ts';
import { slugOf } from '#lib/text.ts';
import { recordAudit, type SellerAuditActor } from '#core/audit/server/audit.ts';
import { staffActorTag, type StaffActor } from '#core/actors/server/actors.ts';
import { localField } from '#i18n/localized.ts';

/**
 * Creating and editing a product in the desk (issue 23). One transaction each, with its audit record and, when stock
 * changes, its movement; then a catalog change, so the product page, listings, search suggestions and the sitemap
 * show it at once on every instance, without a publish.
 */

/** Every product column the editor writes, from its input. */
function columnsOf(input: ProductInput) {
  const { images, was_stock, hidden, ...fields } = input;
  void was_stock; // what the operator saw, not a column
  return {
    ...fields,
    hidden: hidden ? 1 : 0,
    images: JSON.stringify(images.map((i) => i.url)),
    image_alts: JSON.stringify(images.map((i) => ({ en: i.alt_en, ar: i.alt_ar }))),
  };
}

/** The category, sub-category and seller exist and the sub-category is the category's. */
export async function checkPlace(db: ShopDb, input: ProductInput): Promise<void> {
  const [sub, seller] = await Promise.all([
    db.selectFrom('sub_categories').select('category_id').where('id', '=', input.sub_category_id).executeTakeFirst(),
    db.selectFrom('sellers').select('id').where('id', '=', input.seller_id).executeTakeFirst(),
  ]);
  if (!sub) throw fieldProblem(422, 'adminCatalog.unknownCategory', 'sub_category_id');
  if (!seller) throw fieldProblem(422, 'adminCatalog.unknownCategory', 'seller_id');
  if (sub!.category_id !== input.category_id) throw fieldProblem(422, 'adminCatalog.subCategoryMismatch', 'sub_category_id');
  if (input.before_discount !== null && input.before_discount <= input.price)
    throw fieldProblem(422, 'adminCatalog.oldPriceNotAbove', 'before_discount');
}

/** Staff in the desk, or a seller member in the portal (src/seller/catalog), whose writes take the same path. */
export type CatalogActor = StaffActor | SellerAuditActor;
const actorTag = (actor: CatalogActor) => ('side' in actor ? `seller:${actor.id}` : staffActorTag(actor));

const skuTaken = (error: unknown) => {
  if (isUniqueViolation(error)) throw fieldProblem(409, 'adminCatalog.skuTaken', 'sku');
  throw error;
};

export async function createProduct(db: ShopDb, input: ProductInput, actor: CatalogActor): Promise<{ id: number }> {
  await checkPlace(db, input);
  const created = await db
    .transaction()
    .execute((trx) => insertProduct(trx, input, actor))
    .catch(skuTaken);
  await announceCatalogChange(db, { productIds: [created.id], urgent: true });
  return created;
}

/** The product's row, its first stock movement and its audit record, inside the caller's transaction. */
export async function insertProduct(trx: ShopDb, input: ProductInput, actor: CatalogActor): Promise<{ id: number }> {
  const row = await trx
    .insertInto('products')
    .values({
      ...columnsOf(input),
      // Unique like the SKU it is made from; the page's address is its number.
      slug: `${slugOf(input.name_en) || 'product'}-${input.sku.toLowerCase()}`.slice(0, 120),
      rating: 0,
      ratings_count: 0,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(skuTaken);
  await recordStockMovements(trx, [{ product_id: row.id, delta: input.stock, stock_after: input.stock }], {
    reason: 'manual',
    actor: actorTag(actor),
  });
  await recordAudit(trx, actor, { action: 'product.create', subject: { type: 'product', id: row.id }, after: columnsOf(input) });
  return { id: row.id };
}

export async function updateProduct(db: ShopDb, id: number, input: ProductInput, actor: CatalogActor): Promise<void> {
  await checkPlace(db, input);
  await db
    .transaction()
    .execute((trx) => writeProductUpdate(trx, id, input, actor))
    .catch(skuTaken);
  await publishProductChange(db, [id]);
}

/** After a product write committed: shown or hidden, prices and names reach the shop, search and sitemap at once. */
export async function publishProductChange(db: ShopDb, ids: number[]): Promise<void> {
  // This instance's out-of-shop lists start over now (others with the new catalog version).
  forgetOutOfShop(db);
  await announceCatalogChange(db, { productIds: ids, urgent: true });
}

/** A product's new columns, its stock movement and its audit record, inside the caller's transaction. */
export async function writeProductUpdate(trx: ShopDb, id: number, input: ProductInput, actor: CatalogActor): Promise<void> {
  const before = await trx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw new Problem(404, 'adminCatalog.productNotFound');
  const seen = input.was_stock ?? before.stock;
  // Stock an order took since the form opened is never overwritten: the change is refused and says so.
  if (input.stock !== seen && before.stock !== seen) {
    throw new Problem(409, 'adminCatalog.changedMeanwhile', { values: { sku: before.sku } });
  }
  const after = { ...columnsOf(input), stock: input.stock === seen ? before.stock : input.stock };
  await trx.updateTable('products').set(after).where('id', '=', id).execute().catch(skuTaken);
  await recordStockMovements(trx, [{ product_id: id, delta: after.stock - before.stock, stock_after: after.stock }], {
    reason: 'manual',
    actor: actorTag(actor),
  });
  const changed = Object.keys(after).filter((k) => after[k as keyof typeof after] !== before[k as keyof typeof before]);
  const pick = (row: object) => Object.fromEntries(changed.map((k) => [k, (row as Record<string, unknown>)[k]]));
  await recordAudit(trx, actor, {
    action: 'product.update',
    subject: { type: 'product', id },
    before: pick(before),
    after: pick(after),
  });
}

/** The columns the editor shows (not the photos' JSON, the slug, the ratings or the creation time). */
const pickColumns = (row: ProductRow) => ({
  id: row.id,
  sku: row.sku,
  name_en: row.name_en,
  name_ar: row.name_ar,
  description_en: row.description_en,
  description_ar: row.description_ar,
  category_id: row.category_id,
  sub_category_id: row.sub_category_id,
  seller_id: row.seller_id,
  price: row.price,
  before_discount: row.before_discount,
  stock: row.stock,
  weight_grams: row.weight_grams,
  badge_en: row.badge_en,
  badge_ar: row.badge_ar,
  variant_group: row.variant_group,
  variant_label_en: row.variant_label_en,
  variant_label_ar: row.variant_label_ar,
  hidden: row.hidden === 1,
});

export async function editableProduct(db: ShopDb, id: number, sellerId?: number): Promise<ProductEditView | null> {
  let query = db.selectFrom('products').selectAll().where('id', '=', id);
  // A seller reads only their own products: another seller's is not found.
  if (sellerId !== undefined) query = query.where('seller_id', '=', sellerId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const urls = JSON.parse(row.images) as string[];
  const alts = row.image_alts ? (JSON.parse(row.image_alts) as { en: string; ar: string }[]) : [];
  return {
    ...pickColumns(row),
    // Photos from before the desk had no descriptions: the names stand in until the operator writes them.
    images: urls.map((url, i) => ({ url, alt_en: alts[i]?.en ?? row.name_en, alt_ar: alts[i]?.ar ?? row.name_ar })),
  };
}

/** Categories with their sub-categories (in their order) and sellers, named in the operator's language. */
export async function catalogChoices(db: ShopDb, locale: Locale): Promise<CatalogChoices> {
  const [categories, subs, sellers] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name_en', 'name_ar']).orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('sub_categories')
      .select(['id', 'category_id', 'name_en', 'name_ar'])
      .orderBy('position')
      .orderBy('id')
      .execute(),
    // Every seller, suspended ones included: a suspended seller's products are still edited here.
    db.selectFrom('sellers').select(['id', 'name_en', 'name_ar']).execute(),
  ]);
  const name = (r: { name_en: string; name_ar: string }) => localField(locale, r, 'name');
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: name(c),
      sub_categories: subs.filter((s) => s.category_id === c.id).map((s) => ({ id: s.id, name: name(s) })),
    })),
    sellers: sortByName(
      sellers.map((s) => ({ id: s.id, name: name(s) })),
      (s) => s.name,
      locale,
    ),
  };
}
