/**
 * The catalog's CSV (issue 23): the columns export writes and import reads, in this order. Amounts are EGP with two
 * decimals (as an operator reads them in a spreadsheet), the sub-category and the seller by their short names.
 */
export const CSV_COLUMNS = [
  'sku',
  'name_en',
  'name_ar',
  'description_en',
  'description_ar',
  'sub_category',
  'seller',
  'price',
  'old_price',
  'stock',
  'weight_grams',
  'badge_en',
  'badge_ar',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** What an import does with one row. */
export type ImportAction = 'create' | 'update' | 'unchanged' | 'refused';

/** Why a row is refused, by the key of its message (adminCatalog.csv.problems). */
export type ImportProblem =
  | 'badSku'
  | 'duplicateSku'
  | 'missingText'
  | 'badPrice'
  | 'badOldPrice'
  | 'oldPriceNotAbove'
  | 'badStock'
  | 'badWeight'
  | 'unknownSubCategory'
  | 'unknownSeller'
  | 'otherSeller'
  | 'tooLong';

export interface ImportRowReport {
  /** The row's line in the file (the header is line 1). */
  line: number;
  sku: string;
  action: ImportAction;
  /** Updated columns. */
  changes: CsvColumn[];
  problems: { column: CsvColumn; problem: ImportProblem }[];
}

export interface ImportReport {
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  refused: number;
  /** Every refused row, then created and updated rows (at most 500 of those: the counts say how many in all). */
  details: ImportRowReport[];
  /** Set when the file itself cannot be read: missing columns or too many rows. */
  fileProblem?: { kind: 'missingColumns'; columns: string[] } | { kind: 'tooManyRows'; max: number } | { kind: 'empty' };
  applied: boolean;
}

export const MAX_IMPORT_ROWS = 20_000;
