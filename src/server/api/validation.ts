import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import * as z from 'zod/mini';
import { issueField, issueText } from '../../lib/validation-messages.ts';
import { Problem, type FieldProblem } from '../problem.ts';

type Issue = z.core.$ZodIssue;

/** Each issue as a `validation.<key>` code on its dotted path (the texts are shared with the forms). */
export function issueProblems(issues: readonly Issue[]): Record<string, FieldProblem[]> {
  const fields: Record<string, FieldProblem[]> = {};
  for (const issue of issues) {
    const { key, values } = issueText(issue);
    (fields[issueField(issue)] ??= []).push({ code: `validation.${key}`, values });
  }
  return fields;
}

/** The 422 for invalid input: 'Please check the highlighted fields' and a localized message per field. */
export const invalidInput = (issues: readonly Issue[]): Problem =>
  new Problem(422, 'validation.failed', { fields: issueProblems(issues) });

/**
 * The one way a route reads its input (issue 21): zValidator for a target (json, form, query, param, header) that
 * refuses with `invalidInput`; accepts classic and zod/mini schemas.
 */
export function validate<T extends z.core.$ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(
    target,
    schema,
    (result) => {
      if (!result.success) throw invalidInput(result.error.issues as Issue[]);
      return undefined;
    },
    // reportInput lets the messages tell a missing field ("required") from a wrong type.
    { validationFunction: (s, value) => z.safeParseAsync(s, value, { reportInput: true }) as never },
  );
}
