import type { GridProduct, ProductGridPage } from '../catalog-views.ts';
import type { Locale } from '#i18n/locales.ts';
import type { ProductGridChanges } from '#lib/schemas/admin-catalog.ts';
import type { ShopDb } from '#server/db/index.ts';
import { fieldProblem, Problem } from '#server/problem.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { recordStockMovements, type StockChange } from '#server/services/catalog/stock-movements.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import { staffActorTag, type StaffActor } from '#core/actors/server/actors.ts';
import { localField } from '#i18n/localized.ts';

/**
 * The products grid (issue 23): a page of products to edit price, old price and stock in place, and the save that
 * writes every changed row or none. A save is conditional on the values the operator saw, so an order that took
 * stock meanwhile, or another operator's save, is never overwritten; stock changes are movements with the note given.
 */
export const GRID_PAGE_SIZE = 50;

const columns = ['id', 'sku', 'name_en', 'name_ar', 'price', 'before_discount', 'stock'] as const;
type Row = {
  id: number;
  sku: string;
  name_en: string;
  name_ar: string;
  price: number;
  before_discount: number | null;
  stock: number;
};
const view = (row: Row, locale: Locale): GridProduct => ({
  id: row.id,
  sku: row.sku,
  name: localField(locale, row, 'name'),
  price: row.price,
  before_discount: row.before_discount,
  stock: row.stock,
});

/** Newest first; `q` finds a SKU exactly (as typed or in capitals) or a name in either language. One row more than a page tells if there is a next. */
export async function listGridProducts(db: ShopDb, locale: Locale, q: string, page: number): Promise<ProductGridPage> {
  let query = db.selectFrom('products').select(columns);
  if (q) {
    // Wildcards typed are taken out rather than escaped: SQLite and PostgreSQL escape LIKE differently.
    const like = `%${q.replace(/[\\%_]/g, '')}%`;
    query = query.where((eb) =>
      eb.or([
        eb('sku', 'in', [...new Set([q, q.toUpperCase()])]),
        eb('name_en', 'like', eb.val(like)),
        eb('name_ar', 'like', eb.val(like)),
      ]),
    );
  }
  const rows = await query
    .orderBy('id', 'desc')
    .limit(GRID_PAGE_SIZE + 1)
    .offset((page - 1) * GRID_PAGE_SIZE)
    .execute();
  return { rows: rows.slice(0, GRID_PAGE_SIZE).map((r) => view(r, locale)), q, page, more: rows.length > GRID_PAGE_SIZE };
}

type Field = 'price' | 'before_discount' | 'stock';
const FIELDS: readonly Field[] = ['price', 'before_discount', 'stock'];

/** Writes every changed row or none, each with its audit record and stock movement; the storefront follows at once. */
export async function saveGridChanges(
  db: ShopDb,
  locale: Locale,
  changes: ProductGridChanges,
  actor: StaffActor,
): Promise<GridProduct[]> {
  const rows = [...changes.rows].sort((a, b) => a.id - b.id);
  const saved = await db.transaction().execute(async (trx) => {
    const out: Row[] = [];
    const moved: StockChange[] = [];
    for (const change of rows) {
      const before = await trx.selectFrom('products').select(columns).where('id', '=', change.id).executeTakeFirst();
      if (!before) throw new Problem(404, 'adminCatalog.productNotFound', { detail: { id: change.id } });
      const set = Object.fromEntries(FIELDS.filter((f) => change[f] !== undefined).map((f) => [f, change[f]])) as Partial<Row>;
      if (!Object.keys(set).length) continue;
      const after = { ...before, ...set };
      if (after.before_discount !== null && after.before_discount <= after.price) {
        const code = 'adminCatalog.oldPriceNotAbove';
        throw fieldProblem(422, code, `${change.id}.before_discount`, { values: { sku: before.sku } });
      }
      // Conditional on what the operator saw of what they changed: an order that took stock, or another save, since
      // then wins and this one is refused (a price change does not wait for stock that orders move).
      let update = trx.updateTable('products').set(set).where('id', '=', change.id);
      for (const f of FIELDS.filter((field) => change[field] !== undefined)) {
        const was = change.was[f];
        update = was === null ? update.where(f, 'is', null) : update.where(f, '=', was);
      }
      const done = await update.executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        throw new Problem(409, 'adminCatalog.changedMeanwhile', { values: { sku: before.sku }, detail: { id: change.id } });
      }
      moved.push({ product_id: change.id, delta: after.stock - before.stock, stock_after: after.stock });
      const pick = (r: Row) => ({ price: r.price, before_discount: r.before_discount, stock: r.stock });
      await recordAudit(trx, actor, {
        action: 'product.update',
        subject: { type: 'product', id: change.id },
        before: pick(before),
        after: pick(after),
        reason: changes.note || null,
      });
      out.push(after);
    }
    await recordStockMovements(trx, moved, { reason: 'manual', actor: staffActorTag(actor), note: changes.note || null });
    return out;
  });
  await announceCatalogChange(db, { productIds: saved.map((r) => r.id), urgent: true });
  return saved.map((r) => view(r, locale));
}
