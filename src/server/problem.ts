import type { Dictionary } from '#i18n/en.ts';
import { interpolate, plural, type PluralForms } from '#i18n/interpolate.ts';
import { dictionaryLocale } from '#i18n/t.ts';

/** Every dictionary section that has an `errors` table, e.g. `orders` or `admin`. */
type SectionsWithErrors = {
  [S in keyof Dictionary]: Dictionary[S] extends { errors: Record<string, string | PluralForms> } ? S : never;
}[keyof Dictionary];

/** A refusal's code: `<section>.<key>` naming a message in that section's `errors`, e.g. `admin.staleOrder`. */
export type ProblemCode = {
  [S in SectionsWithErrors]: `${S & string}.${keyof Dictionary[S]['errors'] & string}`;
}[SectionsWithErrors];

export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 502 | 503;

/** Values for a message's `{placeholders}`. */
export type ProblemValues = Record<string, string | number>;

/**
 * One field's problem: a code, with values of its own when they differ from field to field (e.g. each cart line
 * names its product); a bare code takes the problem's values.
 */
export type FieldProblem = ProblemCode | { code: ProblemCode; values?: ProblemValues };

/**
 * The one way a service refuses (issue 21): a status, a code whose text is looked up in the reader's language by the
 * API's error handler, values for its `{placeholders}`, and details for the client (e.g. the product ids that ran out).
 * Services never take a dictionary. Thrown inside a transaction it also rolls everything back.
 */
export class Problem extends Error {
  // Plain fields, not parameter properties: the CLI runs this file with Node's type stripping.
  readonly status: ProblemStatus;
  readonly code: ProblemCode;
  readonly values: ProblemValues;
  readonly detail: Record<string, unknown>;
  /** Per-field codes for forms: field name → codes. */
  readonly fields: Record<string, FieldProblem[]>;
  /** Seconds the client should wait before trying again: a `Retry-After` header (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(
    status: ProblemStatus,
    code: ProblemCode,
    options: {
      values?: ProblemValues;
      detail?: Record<string, unknown>;
      fields?: Record<string, FieldProblem[]>;
      retryAfter?: number;
    } = {},
  ) {
    super(code);
    this.status = status;
    this.code = code;
    this.values = options.values ?? {};
    this.detail = options.detail ?? {};
    this.fields = options.fields ?? {};
    this.retryAfter = options.retryAfter;
  }
}

/** A problem on one field whose message is also the problem's own (e.g. 'Invalid Code' on `code`). */
export const fieldProblem = (
  status: ProblemStatus,
  code: ProblemCode,
  field: string,
  options: { values?: ProblemValues; retryAfter?: number } = {},
): Problem => new Problem(status, code, { ...options, fields: { [field]: [code] } });

/**
 * The text of a problem code in the reader's language. A message that counts («بعد 5 دقائق») is a plural object in
 * the dictionary, its form picked by the `count` value (issue 35: no «(الدقائق المتبقية: 5)»).
 */
export function problemText(t: Dictionary, code: ProblemCode, values: ProblemValues = {}): string {
  const dot = code.indexOf('.');
  const section = code.slice(0, dot) as SectionsWithErrors;
  const key = code.slice(dot + 1);
  const message = (t[section].errors as Record<string, string | PluralForms>)[key] ?? code;
  const template = typeof message === 'string' ? message : plural(message, Number(values['count'] ?? 0), dictionaryLocale(t));
  // An order status in a message ("it is now PREPARE") reads in the reader's language like everywhere else.
  const statuses = t.orders.status as Record<string, string>;
  const shown = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && statuses[v] ? statuses[v] : v]),
  );
  return interpolate(template, shown);
}
