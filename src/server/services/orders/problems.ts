import type { ordersMessages } from '../../../i18n/messages/orders.ts';

export type OrderProblemCode = keyof typeof ordersMessages.en.errors;

/**
 * A refusal the shopper should read (the routes turn it into a localized 4xx). Thrown inside a transaction it
 * also rolls everything back, so an order is either complete or not there at all.
 */
export class OrderProblem extends Error {
  // Plain fields, not parameter properties: the CLI runs this file with Node's type stripping.
  readonly status: 404 | 409 | 422 | 502;
  readonly code: OrderProblemCode;
  /** Per-field details, e.g. the product ids that ran out of stock. */
  readonly detail: Record<string, unknown>;

  constructor(status: 404 | 409 | 422 | 502, code: OrderProblemCode, detail: Record<string, unknown> = {}) {
    super(code);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

/** A unique-constraint violation on either engine (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_*). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Counts and sums come back as strings from PostgreSQL (bigint) and as numbers from SQLite. */
export const toInt = (value: unknown): number => Number(value ?? 0);

export const nowIso = () => new Date().toISOString();
