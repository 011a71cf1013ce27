import type { MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';

/**
 * How a route documents itself (issue 42, decision 021): a no-op middleware placed first in the route's chain that
 * carries the route's summary and every response it gives. The OpenAPI document is generated from these, from the
 * `validate(...)` middlewares (request path, query, headers, body) and from the guards (requireUser, requireStaff),
 * all read off the app's own route table, so the document cannot drift from the code.
 */
export const ROUTE_DOC = Symbol.for('bean-bazaar.openapi.route');

type Schema = z.core.$ZodType;

/** One response: its description and, for a body, the media type and schema (zod, converted at generation). */
export interface ResponseDoc {
  description: string;
  /** `json` for the shop's `{ data, message? }` envelope around `data`; `raw-json` for a body as it is. */
  body?:
    | {
        kind: 'envelope';
        data?: Schema | undefined;
        extra?: Record<string, Schema> | undefined;
        /** The same answer in another media type when asked (a report's `format=csv`: `text/csv`). */
        alsoAs?: string | undefined;
      }
    | { kind: 'raw-json'; schema: Schema }
    | { kind: 'problem' }
    | { kind: 'media'; mediaType: string };
  /** Response headers worth a client's attention (Location, Retry-After, Set-Cookie). */
  headers?: Record<string, string> | undefined;
}

export interface RouteDoc {
  summary: string;
  description?: string;
  tags: string[];
  /** Unique across the document; generated from the method and path when left out. */
  operationId?: string;
  responses: Record<number, ResponseDoc>;
  /**
   * Who may call it, when the guards alone do not say: `optionalBearer` (open, adapts to a shopper),
   * `refreshCookie` (the refresh token in the body or its cookie), `signature` (a provider's signed callback).
   */
  security?: 'optionalBearer' | 'refreshCookie' | 'signature';
  /** The provider's calls to this shop that follow this operation (payment callbacks), as OpenAPI callbacks. */
  callbacks?: Record<string, { expression: string; summary: string; description: string }>;
  /** Not part of either document (the payment sandbox's stand-in provider, test faults), with the reason. */
  hidden?: string;
}

export type DocumentedHandler = MiddlewareHandler & { [ROUTE_DOC]: RouteDoc };

/** The no-op middleware that carries a route's documentation (see above). */
export function documented(doc: RouteDoc): DocumentedHandler {
  // Passes the request on without a frame of its own: it runs on every documented route's every request (issue 56).
  const handler: MiddlewareHandler = (_c, next) => next();
  return Object.assign(handler, { [ROUTE_DOC]: doc });
}

/** A route file's `documented` with its tag filled in: `const documented = documenter('Catalog')`. */
export const documenter =
  (...tags: string[]) =>
  (doc: Omit<RouteDoc, 'tags'> & { tags?: string[] }): DocumentedHandler =>
    documented({ ...doc, tags: doc.tags ?? tags });

/** A JSON answer in the shop's envelope: `{ data, message? }` (plus e.g. `meta`), `data` as the schema says. */
export const ok = (description: string, data?: Schema, extra?: Record<string, Schema>): ResponseDoc => ({
  description,
  body: { kind: 'envelope', data, extra },
});

/** A JSON answer in the envelope, or the same numbers as CSV when the request asks `format=csv` (the reports). */
export const okOrCsv = (description: string, data: Schema): ResponseDoc => ({
  description,
  body: { kind: 'envelope', data, alsoAs: 'text/csv' },
});

/** A JSON answer outside the envelope. */
export const rawJson = (description: string, schema: Schema): ResponseDoc => ({
  description,
  body: { kind: 'raw-json', schema },
});

/** A refusal in the error model of src/server/problem.ts (`message`, `messages`, `errors`, `code`, `detail`). */
export const refused = (description: string, headers?: Record<string, string>): ResponseDoc => ({
  description,
  body: { kind: 'problem' },
  headers,
});

/** A refusal that asks the client to wait: 429 or 503 with `Retry-After`. */
export const retryLater = (description: string): ResponseDoc =>
  refused(description, { 'Retry-After': 'Seconds to wait before trying again.' });

/** A body that is not JSON (an image, a CSV file, an HTML page). */
export const media = (description: string, mediaType: string): ResponseDoc => ({
  description,
  body: { kind: 'media', mediaType },
});

/** A redirect (no body) to the `Location` header. */
export const redirect = (description: string): ResponseDoc => ({ description, headers: { Location: 'Where to go next.' } });

/** The route's documentation, when its handler carries one. */
export const routeDocOf = (handler: unknown): RouteDoc | undefined =>
  typeof handler === 'function' ? (handler as Partial<DocumentedHandler>)[ROUTE_DOC] : undefined;
