import { SUMMARY_TABLES, SUMMARY_TABLE_NAMES } from '../../src/core/reports/order-contribution.ts';
import type { ShopDb } from '../../src/server/db/index.ts';

/**
 * Every summary table's rows as sorted JSON strings, to compare the kept summaries with a rebuild: rows that came to
 * zero are left out (the kept summaries keep them, a rebuild writes none), and PostgreSQL's bigint strings read as
 * numbers.
 */
export async function summarySnapshot(db: ShopDb): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of SUMMARY_TABLE_NAMES) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    tables[table] = rows
      .filter((r) => SUMMARY_TABLES[table].figures.some((f) => Number(r[f]) !== 0))
      .map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, k === 'day' || typeof v !== 'string' ? v : Number(v)])))
      .sort();
  }
  return tables;
}
