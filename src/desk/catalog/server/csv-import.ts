import Papa from 'papaparse';
import { CSV_COLUMNS, MAX_IMPORT_ROWS, type CsvColumn, type ImportReport, type ImportRowReport } from '../catalog-csv.ts';
import { slugOf } from '#lib/text.ts';
import type { ShopDb } from '#server/db/index.ts';
import type { ProductRow } from '#server/db/schema.ts';
import { columnOf, readRow, REQUIRED_TEXT, type Fields, type WritableColumn } from './csv-row.ts';
import { nowIso } from '#server/db/values.ts';
import { announceCatalogChange } from '#server/services/catalog/catalog-changes.ts';
import { recordStockMovements, type StockChange } from '#server/services/catalog/stock-movements.ts';
import { recordAudit } from '#core/audit/server/audit.ts';
import { staffActorTag, type StaffActor } from '#core/actors/server/actors.ts';

/**
 * CSV import of the catalog (issue 23): create and update products by SKU. The same plan serves the dry run (what
 * would be created, changed or refused, row by row, and why) and the write, which plans again inside its transaction
 * and writes everything or nothing: one refused row and no row is written.
 */
export interface Plan {
  report: ImportReport;
  creates: Fields[];
  updates: { id: number; set: Fields; before: Fields }[];
}

const DETAILS = 500;

/**
 * What an import of `text` would do, against the catalog as `db` sees it now (a transaction, for the write). With
 * `sellerId` (a seller's import, src/seller/catalog): every row is that seller's, and a row whose SKU is another
 * seller's product, or whose `seller` names another seller, is refused.
 */
export async function planImport(db: ShopDb, text: string, sellerId?: number): Promise<Plan> {
  const empty = (fileProblem: NonNullable<ImportReport['fileProblem']>): Plan => ({
    report: { rows: 0, create: 0, update: 0, unchanged: 0, refused: 0, details: [], fileProblem, applied: false },
    creates: [],
    updates: [],
  });
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const header = new Set((parsed.meta.fields ?? []).map((f) => f.trim()));
  if (!header.has('sku')) return empty({ kind: 'missingColumns', columns: ['sku'] });
  if (parsed.data.length === 0) return empty({ kind: 'empty' });
  if (parsed.data.length > MAX_IMPORT_ROWS) return empty({ kind: 'tooManyRows', max: MAX_IMPORT_ROWS });
  const present = new Set(CSV_COLUMNS.filter((c) => header.has(c)));

  const [subRows, sellerRows] = await Promise.all([
    db.selectFrom('sub_categories').select(['id', 'slug', 'category_id']).execute(),
    db.selectFrom('sellers').select(['id', 'slug']).execute(),
  ]);
  const subs = new Map(subRows.map((s) => [s.slug.toLowerCase(), s]));
  const sellers = new Map(sellerRows.map((s) => [s.slug.toLowerCase(), s.id]));
  const skus = parsed.data.map((r) => (r['sku'] ?? '').trim().toUpperCase());
  const existing = new Map<string, ProductRow>();
  for (let i = 0; i < skus.length; i += 500) {
    const batch = [...new Set(skus.slice(i, i + 500).filter(Boolean))];
    if (!batch.length) continue;
    for (const row of await db.selectFrom('products').selectAll().where('sku', 'in', batch).execute()) existing.set(row.sku, row);
  }

  const plan: Plan = {
    report: { rows: parsed.data.length, create: 0, update: 0, unchanged: 0, refused: 0, details: [], applied: false },
    creates: [],
    updates: [],
  };
  const seen = new Set<string>();
  const changed: ImportRowReport[] = [];
  parsed.data.forEach((cells, index) => {
    const sku = skus[index]!;
    const { fields, problems } = readRow(cells, present, subs, sellers);
    if (sellerId !== undefined) {
      if (fields.seller_id !== undefined && fields.seller_id !== sellerId)
        problems.push({ column: 'seller', problem: 'otherSeller' });
      if (existing.get(sku) && existing.get(sku)!.seller_id !== sellerId)
        problems.push({ column: 'sku', problem: 'otherSeller' });
      fields.seller_id = sellerId;
    }
    if (!/^[A-Z0-9][A-Z0-9-]{1,39}$/.test(sku)) problems.unshift({ column: 'sku', problem: 'badSku' });
    else if (seen.has(sku)) problems.unshift({ column: 'sku', problem: 'duplicateSku' });
    seen.add(sku);
    const before = existing.get(sku);
    if (!before) {
      // A new product needs everything a product page shows.
      for (const c of REQUIRED_TEXT) if (!present.has(c)) problems.push({ column: c, problem: 'missingText' });
      if (!present.has('price')) problems.push({ column: 'price', problem: 'badPrice' });
      if (!present.has('sub_category')) problems.push({ column: 'sub_category', problem: 'unknownSubCategory' });
      if (!present.has('seller') && sellerId === undefined) problems.push({ column: 'seller', problem: 'unknownSeller' });
    }
    const price = fields.price ?? before?.price ?? 0;
    const old = fields.before_discount !== undefined ? fields.before_discount : before?.before_discount;
    if (old != null && old <= price && !problems.some((p) => p.column === 'old_price' || p.column === 'price'))
      problems.push({ column: 'old_price', problem: 'oldPriceNotAbove' });
    const row: ImportRowReport = { line: index + 2, sku, action: 'refused', changes: [], problems };
    if (problems.length) {
      plan.report.refused += 1;
      plan.report.details.push(row);
      return;
    }
    if (!before) {
      row.action = 'create';
      plan.report.create += 1;
      plan.creates.push({ ...fields, sku, stock: fields.stock ?? 0 });
      changed.push(row);
      return;
    }
    const set = Object.fromEntries(
      (Object.keys(fields) as WritableColumn[]).filter((k) => k !== 'sku' && fields[k] !== before[k]).map((k) => [k, fields[k]]),
    ) as Fields;
    const keys = Object.keys(set) as WritableColumn[];
    if (!keys.length) {
      row.action = 'unchanged';
      plan.report.unchanged += 1;
      return;
    }
    row.action = 'update';
    row.changes = [...new Set(keys.filter((k) => k !== 'category_id').map((k) => columnOf[k] ?? (k as CsvColumn)))];
    plan.report.update += 1;
    plan.updates.push({ id: before.id, set, before: Object.fromEntries(keys.map((k) => [k, before[k]])) as Fields });
    changed.push(row);
  });
  plan.report.details.push(...changed.slice(0, DETAILS));
  return plan;
}

/**
 * The dry run, or the write: planned again in the transaction, nothing written when a row is refused; stock set by
 * the file is a movement (`import`) per product, the import one audit record with every change's before and after.
 */
export async function importCatalogCsv(db: ShopDb, text: string, dryRun: boolean, actor: StaffActor): Promise<ImportReport> {
  if (dryRun) return (await planImport(db, text)).report;
  const result = await db.transaction().execute(async (trx) => {
    const plan = await planImport(trx, text);
    if (plan.report.refused || plan.report.fileProblem || !(plan.creates.length + plan.updates.length)) return { plan, ids: [] };
    const now = nowIso();
    const moved: StockChange[] = [];
    const ids: number[] = [];
    for (let i = 0; i < plan.creates.length; i += 200) {
      const rows = plan.creates.slice(i, i + 200).map((f) => ({
        ...(f as Required<Fields>),
        slug: `${slugOf(f.name_en ?? '') || 'product'}-${f.sku!.toLowerCase()}`.slice(0, 120),
        images: JSON.stringify(['/api/media/art/bag-30-0.svg']),
        rating: 0,
        ratings_count: 0,
        created_at: now,
      }));
      const created = await trx.insertInto('products').values(rows).returning(['id', 'stock']).execute();
      for (const c of created) {
        ids.push(c.id);
        moved.push({ product_id: c.id, delta: c.stock, stock_after: c.stock });
      }
    }
    for (const u of plan.updates) {
      await trx.updateTable('products').set(u.set).where('id', '=', u.id).execute();
      ids.push(u.id);
      if (u.set.stock !== undefined)
        moved.push({ product_id: u.id, delta: u.set.stock - u.before.stock!, stock_after: u.set.stock });
    }
    await recordStockMovements(trx, moved, { reason: 'import', actor: staffActorTag(actor) });
    await recordAudit(trx, actor, {
      action: 'product.import',
      subject: { type: 'catalog', id: 'csv' },
      before: Object.fromEntries(plan.updates.map((u) => [u.id, u.before])),
      after: { created: ids.slice(0, plan.creates.length), updated: Object.fromEntries(plan.updates.map((u) => [u.id, u.set])) },
    });
    return { plan, ids };
  });
  if (result.ids.length) await announceCatalogChange(db, { productIds: result.ids, urgent: true });
  return { ...result.plan.report, applied: result.ids.length > 0 };
}
