import { REFRESH_COOKIE } from '../session-cookie.ts';
import { SELLER_COOKIE } from '#core/actors/server/seller-sessions.ts';
import { STAFF_COOKIE } from '#core/actors/server/staff-sessions.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * Which document: the shop's public API, the desk's `/api/admin/…` (served to staff only), or the seller portal's
 * `/api/seller/…` (served to signed-in seller members only; decision 031).
 */
export type Audience = 'public' | 'desk' | 'seller';

export const PROBLEM_REF = '#/components/schemas/Problem';

/** The shop's answer: `{ data, message? }`, plus any top-level extras (e.g. `meta` of a page of products). */
export const envelope = (data: JsonSchema, extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: {
    data,
    message: { type: 'string', description: "A confirmation in the reader's language, for a toast." },
    ...extra,
  },
  required: ['data', ...Object.keys(extra)],
});

const texts = { type: 'array', items: { type: 'string' } };

/** The error model of src/server/problem.ts as src/server/api/errors.ts answers it. */
const Problem: JsonSchema = {
  type: 'object',
  description:
    "A refusal: `message` in the reader's language (`messages[0]` is what a toast shows), `errors` per field, " +
    '`code` naming the refusal whatever the language (`<section>.<key>`, e.g. `orders.outOfStock`), `detail` for ' +
    'clients (e.g. the product ids that ran out).',
  properties: {
    message: { type: 'string' },
    messages: { ...texts, minItems: 1 },
    errors: { type: 'object', additionalProperties: texts },
    code: { type: 'string', pattern: '^[A-Za-z]+\\.[A-Za-z.]+$' },
    detail: { type: 'object' },
  },
  required: ['message', 'messages', 'errors', 'code'],
  example: {
    message: 'Please check the highlighted fields',
    messages: ['The email must be a valid email address.'],
    errors: { email: ['The email must be a valid email address.'] },
    code: 'validation.failed',
  },
};

/** A fault on the shop's side: a generic message and the request's id for the log, never a `code`. */
const ServerError: JsonSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, messages: texts, errors: { type: 'object' }, request_id: { type: 'string' } },
  required: ['message', 'messages', 'request_id'],
};

const securitySchemes: Record<Audience, JsonSchema> = {
  public: {
    shopperBearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The access token from `POST /auth/login` or `/auth/verify-otp` (short-lived; renew with `/auth/refresh`).',
    },
    refreshCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: REFRESH_COOKIE,
      description: "The web shop's refresh token (HttpOnly, SameSite=Strict, path /api/auth); apps send it in the body.",
    },
  },
  desk: {
    staffCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: STAFF_COOKIE,
      description: 'The staff session (`__Host-bb_staff` over https), set by the sign-in steps under /admin/auth.',
    },
  },
  seller: {
    sellerCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: SELLER_COOKIE,
      description: "A seller member's session (`__Host-bb_seller` over https), set by the sign-in steps under /seller/auth.",
    },
  },
};

/** What both documents share: the error model, the `lang` parameter, the 500 answer, and their security schemes. */
export function baseComponents(audience: Audience): JsonSchema {
  return {
    schemas: { Problem, ServerError },
    parameters: {
      lang: {
        name: 'lang',
        in: 'query',
        required: false,
        description: '`ar-SA` answers in Arabic, anything else in English; without it, the best of `Accept-Language`.',
        schema: { type: 'string', examples: ['en-US', 'ar-SA'] },
      },
    },
    responses: {
      ServerError: {
        description: 'A fault on our side (logged under `request_id`).',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ServerError' } } },
      },
    },
    securitySchemes: securitySchemes[audience],
  };
}
