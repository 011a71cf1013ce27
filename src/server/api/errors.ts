import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from './context.ts';

/** An error the shopper should read: status, message, and optional per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields: Record<string, string[]> = {},
    /** Seconds for a Retry-After header (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The spec's error body: `message`, `messages` (a flat list, first one shown by toasts) and `errors` per field. */
export function errorBody(message: string, fields: Record<string, string[]> = {}) {
  const messages = Object.values(fields).flat();
  return { message, messages: messages.length ? messages : [message], errors: fields };
}

export function handleError(error: Error, c: Context<ApiEnv>) {
  const t = c.get('t');
  if (error instanceof ApiError) {
    if (error.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfter))));
    return c.json(errorBody(error.message, error.fields), error.status);
  }
  if (error instanceof HTTPException) {
    // Hono's JSON validator raises 400 for unparsable bodies.
    const message = /json/i.test(error.message) ? t.validation.malformedBody : error.message || t.api.notFound;
    return c.json(errorBody(message), error.status);
  }
  // The stack goes to the log under the request's id; the shopper gets the id, never the stack.
  const requestId = c.req.header('x-request-id') ?? 'none';
  console.error(`[request ${requestId}] API ${c.req.method} ${c.req.path} failed`, error);
  return c.json({ ...errorBody(t.api.serverError), request_id: requestId }, 500);
}
