import { parseMoneyInput, poundsText } from '#lib/money.ts';
import { latinDigits } from '#lib/text.ts';
import type { GridProduct } from './catalog-views.ts';

/** What an operator typed into one row of the products grid (text as typed; absent: untouched). */
export type TypedRow = Partial<Record<'price' | 'before_discount' | 'stock', string>>;
type Values = Pick<GridProduct, 'price' | 'before_discount' | 'stock'>;
export type GridRowChange = { id: number; was: Values } & Partial<Values>;
export type GridProblem = 'badNumber' | 'badStock';
const FIELDS = ['price', 'before_discount', 'stock'] as const;

/** A grid cell's text as it first shows: pounds with two decimals (empty for no old price), units. */
export const cellText = (row: Values, field: keyof Values): string =>
  field === 'stock' ? String(row.stock) : row[field] === null ? '' : poundsText(row[field]);

/**
 * The rows the operator changed, as the API takes them (piastres, with what they saw), and the cells that do not
 * read as an amount or a count. A cell typed back to its first value is no change. `dirty`: the rows the operator
 * touched (changed or not readable), what the save button counts.
 */
export function gridChanges(rows: readonly GridProduct[], typed: Readonly<Record<number, TypedRow>>) {
  const changes: GridRowChange[] = [];
  const problems: Record<string, GridProblem> = {};
  let dirty = 0;
  for (const row of rows) {
    const edits = typed[row.id];
    if (!edits) continue;
    const change: GridRowChange = {
      id: row.id,
      was: { price: row.price, before_discount: row.before_discount, stock: row.stock },
    };
    let changed = false;
    for (const field of FIELDS) {
      const text = edits[field];
      if (text === undefined || latinDigits(text) === cellText(row, field)) continue;
      const value = parse(field, latinDigits(text));
      if (value === undefined) {
        problems[`${row.id}.${field}`] = field === 'stock' ? 'badStock' : 'badNumber';
        continue;
      }
      if (value === row[field]) continue;
      change[field] = value as never;
      changed = true;
    }
    if (changed) changes.push(change);
    if (changed || FIELDS.some((f) => problems[`${row.id}.${f}`])) dirty += 1;
  }
  return { changes, problems, dirty };
}

function parse(field: keyof Values, text: string): number | null | undefined {
  if (field === 'stock') return /^\d{1,7}$/.test(text) ? Number(text) : undefined;
  if (field === 'before_discount' && text === '') return null;
  const read = parseMoneyInput(text);
  return read.ok && read.piastres >= 1 ? read.piastres : undefined;
}
