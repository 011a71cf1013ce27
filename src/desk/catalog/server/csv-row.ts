import type { CsvColumn, ImportProblem, ImportRowReport } from '../catalog-csv.ts';
import { latinDigits } from '#lib/text.ts';
import { parseMoneyInput } from '#lib/money.ts';
import type { ProductRow } from '#server/db/schema.ts';

/** One CSV row of the catalog read into product columns (issue 23): every cell checked, each problem named. */
export type WritableColumn =
  | 'sku'
  | 'name_en'
  | 'name_ar'
  | 'description_en'
  | 'description_ar'
  | 'category_id'
  | 'sub_category_id'
  | 'seller_id'
  | 'price'
  | 'before_discount'
  | 'stock'
  | 'weight_grams'
  | 'badge_en'
  | 'badge_ar';
export type Fields = Partial<Pick<ProductRow, WritableColumn>>;

const TEXT_LIMITS = {
  name_en: 150,
  name_ar: 150,
  description_en: 5000,
  description_ar: 5000,
  badge_en: 30,
  badge_ar: 30,
} as const;
export const REQUIRED_TEXT = ['name_en', 'name_ar', 'description_en', 'description_ar'] as const;
export const columnOf: Partial<Record<WritableColumn, CsvColumn>> = {
  sub_category_id: 'sub_category',
  seller_id: 'seller',
  before_discount: 'old_price',
};
/**
 * A price cell read as every typed amount is (parseMoneyInput, src/lib/money.ts: Arabic-Indic digits, a thousands
 * separator, a decimal comma): its piastres, null when empty, undefined when it is no amount of at least one piastre.
 */
function poundsCell(text: string): number | null | undefined {
  const read = parseMoneyInput(text);
  if (!read.ok) return read.reason === 'empty' ? null : undefined;
  return read.piastres >= 1 ? read.piastres : undefined;
}

/** Parses one row's cells into product fields, naming each cell that cannot be one. */
export function readRow(
  cells: Record<string, string>,
  present: ReadonlySet<string>,
  subs: Map<string, { id: number; category_id: number }>,
  sellers: Map<string, number>,
) {
  const fields: Fields = {};
  const problems: ImportRowReport['problems'] = [];
  const refuse = (column: CsvColumn, problem: ImportProblem) => problems.push({ column, problem });
  const cell = (c: CsvColumn) => (cells[c] ?? '').trim();
  for (const c of Object.keys(TEXT_LIMITS) as (keyof typeof TEXT_LIMITS)[]) {
    if (!present.has(c)) continue;
    const text = cell(c);
    if (text.length > TEXT_LIMITS[c]) refuse(c, 'tooLong');
    else if ((REQUIRED_TEXT as readonly string[]).includes(c) && text.length < 2) refuse(c, 'missingText');
    else fields[c] = text || null!;
  }
  if (present.has('price')) {
    const price = poundsCell(cell('price'));
    if (price === undefined || price === null) refuse('price', 'badPrice');
    else fields.price = price;
  }
  if (present.has('old_price')) {
    const old = poundsCell(cell('old_price'));
    if (old === undefined) refuse('old_price', 'badOldPrice');
    else fields.before_discount = old;
  }
  if (present.has('stock')) {
    const text = latinDigits(cell('stock'));
    if (!/^\d{1,7}$/.test(text) || Number(text) > 1_000_000) refuse('stock', 'badStock');
    else fields.stock = Number(text);
  }
  if (present.has('weight_grams')) {
    const text = latinDigits(cell('weight_grams'));
    if (text && (!/^\d{1,6}$/.test(text) || Number(text) < 1 || Number(text) > 100_000)) refuse('weight_grams', 'badWeight');
    else fields.weight_grams = text ? Number(text) : null;
  }
  if (present.has('sub_category')) {
    const sub = subs.get(cell('sub_category').toLowerCase());
    if (!sub) refuse('sub_category', 'unknownSubCategory');
    else Object.assign(fields, { sub_category_id: sub.id, category_id: sub.category_id });
  }
  if (present.has('seller')) {
    const seller = sellers.get(cell('seller').toLowerCase());
    if (seller === undefined) refuse('seller', 'unknownSeller');
    else fields.seller_id = seller;
  }
  return { fields, problems };
}
