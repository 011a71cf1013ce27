import type { z } from 'zod';
import { interpolate } from '../i18n/interpolate.ts';
import type { Dictionary } from '../i18n/en.ts';

type Issue = z.core.$ZodIssue;
/** The dictionary's validation texts: all an island needs to show the API's messages itself. */
export type ValidationTexts = Dictionary['validation'];

/** One zod issue in the shopper's language. */
export function issueMessage(issue: Issue, v: ValidationTexts): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return v.required;
      return issue.expected === 'int' || issue.expected === 'number' ? v.integer : v.invalid;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? v.required : interpolate(v.tooShort, { min: Number(issue.minimum) });
      return interpolate(v.min, { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return interpolate(v.tooLong, { max: Number(issue.maximum) });
      return interpolate(v.max, { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? v.email : v.invalid;
    case 'invalid_value':
      return interpolate(v.oneOf, { options: issue.values.map(String).join(', ') });
    default:
      return v.invalid;
  }
}

/** Per-field messages keyed by the dotted path of each issue. */
export function fieldMessages(issues: readonly Issue[], v: ValidationTexts): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issueMessage(issue, v));
  }
  return fields;
}
