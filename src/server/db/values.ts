/** What the two engines hand back, read the same way (PostgreSQL and SQLite differ in codes and number types). */

/** A unique-constraint violation on either engine (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_*). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A foreign-key violation on either engine (PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Text PostgreSQL cannot hold: a NUL character (22021) or one its encoding lacks (22P05). SQLite keeps either, so only
 * a shop on PostgreSQL meets it, from a request's own text (a path, a query or a body): bad input, not a fault of ours.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/** Counts and sums come back as strings from PostgreSQL (bigint) and as numbers from SQLite. */
export const toInt = (value: unknown): number => Number(value ?? 0);

/** A timestamp as stored in every `*_at` column (ISO 8601, UTC). */
export const nowIso = () => new Date().toISOString();
