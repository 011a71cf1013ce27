import type { RankedRow } from '#lib/reports/report-views.ts';
import { zeros } from '#lib/reports/report-views.ts';

/**
 * Rows grouped by a key with each figure twice, `cur_<figure>` and `prev_<figure>` (one query reads both periods), as
 * ranked rows named by `name`, largest first by the first figure of the chosen period.
 */
export function ranked<K extends string>(
  rows: readonly Record<string, unknown>[],
  keys: readonly K[],
  keyOf: (row: Record<string, unknown>) => string,
  name: (row: Record<string, unknown>) => string,
): RankedRow<K>[] {
  const out = rows.map((row) => {
    const current = zeros(keys);
    const previous = zeros(keys);
    for (const k of keys) {
      current[k] = Number(row[`cur_${k}`] ?? 0);
      previous[k] = Number(row[`prev_${k}`] ?? 0);
    }
    return { key: keyOf(row), name: name(row), current, previous };
  });
  return out.sort((a, b) => b.current[keys[0]!] - a.current[keys[0]!] || b.previous[keys[0]!] - a.previous[keys[0]!]);
}
