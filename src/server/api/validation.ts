import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import * as z from 'zod/mini';
import { issueField, issueText } from '#lib/validation-messages.ts';
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

/** What a `validate` middleware checks: read by the OpenAPI generator (src/server/api/openapi/). */
export const ROUTE_INPUT = Symbol.for('bean-bazaar.openapi.input');
export interface RouteInput {
  target: keyof ValidationTargets;
  schema: z.core.$ZodType;
}

/**
 * The one way a route reads its input (issue 21): zValidator for a target (json, form, query, param, header) that
 * refuses with `invalidInput`; accepts classic and zod/mini schemas.
 */
export function validate<T extends z.core.$ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const validator = zValidator(
    target,
    schema,
    (result) => {
      if (!result.success) throw invalidInput(result.error.issues as Issue[]);
      return undefined;
    },
    // reportInput lets the messages tell a missing field ("required") from a wrong type.
    { validationFunction: (s, value) => z.safeParseAsync(s, value, { reportInput: true }) as never },
  );
  // The schema rides on the middleware, so the OpenAPI document reads each route's input from the app itself.
  return Object.assign(validator, { [ROUTE_INPUT]: { target, schema } satisfies RouteInput });
}
