import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { z } from 'zod';
import type { Dictionary } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/t.ts';
import type { ApiEnv } from './context.ts';
import { errorBody } from './errors.ts';

type Issue = z.core.$ZodIssue;

/** One zod issue in the shopper's language. */
export function issueMessage(issue: Issue, t: Dictionary): string {
  const v = t.validation;
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
export function fieldMessages(issues: readonly Issue[], t: Dictionary): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issueMessage(issue, t));
  }
  return fields;
}

/** zValidator that answers 422 with localized per-field messages. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(
    target,
    schema,
    (result, c) => {
      if (!result.success) {
        const t = (c as unknown as Context<ApiEnv>).get('t');
        return c.json(errorBody(t.validation.failed, fieldMessages(result.error.issues as Issue[], t)), 422);
      }
      return undefined;
    },
    // reportInput lets issueMessage tell a missing field ("required") from a wrong type.
    { validationFunction: (s, value) => (s as z.ZodType).safeParseAsync(value, { reportInput: true }) as never },
  );
}
