import Papa from 'papaparse';
import { CSV_COLUMNS } from '../catalog-csv.ts';
import { poundsText } from '#lib/money.ts';
import type { ShopDb } from '#server/db/index.ts';

const BATCH = 2_000;

/**
 * The whole catalog as CSV, in the columns import reads (so an export edited in a spreadsheet imports back), read in
 * primary-key batches so 100,000 products stream without being held in memory. A byte-order mark first: spreadsheet
 * programs then read the Arabic as UTF-8.
 */
export async function* catalogCsv(db: ShopDb): AsyncGenerator<string> {
  const [subs, sellers] = await Promise.all([
    db.selectFrom('sub_categories').select(['id', 'slug']).execute(),
    db.selectFrom('sellers').select(['id', 'slug']).execute(),
  ]);
  const subSlug = new Map(subs.map((s) => [s.id, s.slug]));
  const sellerSlug = new Map(sellers.map((s) => [s.id, s.slug]));
  yield `\uFEFF${Papa.unparse([CSV_COLUMNS as unknown as string[]])}\r\n`;
  for (let after = 0; ;) {
    const rows = await db.selectFrom('products').selectAll().where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (!rows.length) return;
    yield `${Papa.unparse(
      rows.map((p) => [
        p.sku,
        p.name_en,
        p.name_ar,
        p.description_en,
        p.description_ar,
        subSlug.get(p.sub_category_id) ?? '',
        sellerSlug.get(p.seller_id) ?? '',
        poundsText(p.price),
        p.before_discount === null ? '' : poundsText(p.before_discount),
        String(p.stock),
        p.weight_grams === null ? '' : String(p.weight_grams),
        p.badge_en ?? '',
        p.badge_ar ?? '',
      ]),
    )}\r\n`;
    after = rows.at(-1)!.id;
  }
}
