import type * as z from 'zod/mini';
import { interpolate } from '#i18n/interpolate.ts';
import type { Dictionary } from '#i18n/en.ts';

type Issue = z.core.$ZodIssue;
/** The dictionary's validation texts: all an island needs to show the API's messages itself. */
export type ValidationTexts = Dictionary['validation']['errors'];
export type ValidationKey = keyof ValidationTexts;

/** The texts a schema's own refinement may name through `params: { key }`. */
const REFINEMENT_KEYS: ReadonlySet<ValidationKey> = new Set<ValidationKey>(['mobile']);

/** Which validation text one zod issue reads as, and the values for its placeholders. */
export function issueText(issue: Issue): { key: ValidationKey; values: Record<string, string | number> } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { key: 'required', values: {} };
      return { key: issue.expected === 'int' || issue.expected === 'number' ? 'integer' : 'invalid', values: {} };
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? { key: 'required', values: {} }
          : { key: 'tooShort', values: { min: Number(issue.minimum) } };
      return { key: 'min', values: { min: Number(issue.minimum) } };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'tooLong' : 'max', values: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'email' : 'invalid', values: {} };
    case 'invalid_value':
      return { key: 'oneOf', values: { options: issue.values.map(String).join(', ') } };
    case 'custom': {
      // A refinement names its own text (e.g. `mobile`) when the generic "not valid" would not tell what to type.
      const key = issue.params?.['key'];
      return {
        key: typeof key === 'string' && REFINEMENT_KEYS.has(key as ValidationKey) ? (key as ValidationKey) : 'invalid',
        values: {},
      };
    }
    default:
      return { key: 'invalid', values: {} };
  }
}

/** The dotted path of an issue's field (`_` for the whole value). */
export const issueField = (issue: Issue): string => issue.path.map(String).join('.') || '_';

/** One zod issue in the shopper's language. */
export function issueMessage(issue: Issue, v: ValidationTexts): string {
  const { key, values } = issueText(issue);
  return interpolate(v[key], values);
}

/** Per-field messages keyed by the dotted path of each issue (the forms show them before anything is sent). */
export function fieldMessages(issues: readonly Issue[], v: ValidationTexts): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issueField(issue)] ??= []).push(issueMessage(issue, v));
  return fields;
}
