import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import { safeParseAsync, type z } from 'zod';
import type { Dictionary } from '../../i18n/en.ts';
import * as messages from '../../lib/validation-messages.ts';
import type { ApiEnv } from './context.ts';
import { errorBody } from './errors.ts';

type Issue = z.core.$ZodIssue;

/** Per-field messages keyed by the dotted path of each issue (the texts are shared with the forms). */
export const fieldMessages = (issues: readonly Issue[], t: Dictionary): Record<string, string[]> =>
  messages.fieldMessages(issues, t.validation);

/** zValidator that answers 422 with localized per-field messages; accepts classic and zod/mini schemas. */
export function validate<T extends z.core.$ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
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
    // reportInput lets the messages tell a missing field ("required") from a wrong type.
    { validationFunction: (s, value) => safeParseAsync(s, value, { reportInput: true }) as never },
  );
}
