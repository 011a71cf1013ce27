import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { dictionary } from '#i18n/t.ts';
import type { ApiEnv } from './context.ts';
import { Problem, problemText } from '../problem.ts';
import { log } from '../observability/logger.ts';
import { isUnstorableText } from '../db/values.ts';

/** The spec's error body: `message`, `messages` (a flat list, first one shown by toasts) and `errors` per field. */
export function errorBody(message: string, fields: Record<string, string[]> = {}) {
  const messages = Object.values(fields).flat();
  return { message, messages: messages.length ? messages : [message], errors: fields };
}

/** A Problem answered in the reader's language: the spec's body plus its `code` (and `detail` when it has some). */
export function problemResponse(problem: Problem, c: Context<ApiEnv>) {
  // A request outside every route (the not-found handler of a path the locale middleware did not see) reads English.
  const t = c.get('t') ?? dictionary('en');
  const fields = Object.fromEntries(
    Object.entries(problem.fields).map(([name, list]) => [
      name,
      list.map((field) =>
        typeof field === 'string'
          ? problemText(t, field, problem.values)
          : problemText(t, field.code, field.values ?? problem.values),
      ),
    ]),
  );
  if (problem.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(problem.retryAfter))));
  const body = errorBody(problemText(t, problem.code, problem.values), fields);
  const detail = Object.keys(problem.detail).length ? { detail: problem.detail } : {};
  return c.json({ ...body, code: problem.code, ...detail }, problem.status);
}

/** The API's one error handler (`onError`): every refusal is a Problem; anything else is a logged 500. */
export function handleError(error: Error, c: Context<ApiEnv>) {
  if (error instanceof Problem) return problemResponse(error, c);
  if (error instanceof HTTPException) {
    // Hono raises 400 for a body its validator cannot parse (JSON, multipart).
    const code = error.status === 400 ? 'validation.malformedBody' : 'api.notFound';
    return problemResponse(new Problem(error.status === 400 ? 400 : 404, code), c);
  }
  // A NUL in a path or a field reaches PostgreSQL as text it refuses (a fuzzed /api/vendor_details/%00 answered 500).
  if (isUnstorableText(error)) return problemResponse(new Problem(422, 'validation.invalid'), c);
  // The stack goes to the log under the request's id; the shopper gets the id, never the stack.
  const requestId = c.req.header('x-request-id') ?? 'none';
  log().error({ req_id: requestId, method: c.req.method, path: c.req.path, err: error }, 'request failed');
  const t = c.get('t') ?? dictionary('en');
  return c.json({ ...errorBody(t.api.errors.serverError), request_id: requestId }, 500);
}
