import type { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ApiEnv } from '../context.ts';
import { requireStaff } from '../admin/require-staff.ts';
import { documented, rawJson } from './describe.ts';
import { openApiDocument, type Audience } from './document.ts';
import type { JsonSchema } from './json-schema.ts';

const generated = new WeakMap<object, Partial<Record<Audience, JsonSchema>>>();

/** The app's document for an audience, generated once from its routes (the routes do not change after start). */
export function documentOf(api: Hono<ApiEnv>, audience: Audience): JsonSchema {
  const cache = generated.get(api) ?? {};
  generated.set(api, cache);
  return (cache[audience] ??= openApiDocument(api.routes, audience));
}

const OpenApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }) });

/**
 * `/api/openapi.json` (the public API) and `/api/admin/openapi.json` (the desk's, staff only), registered last so
 * they describe every route, themselves included.
 */
export function serveOpenApi(api: Hono<ApiEnv>) {
  api.get(
    '/openapi.json',
    documented({
      summary: 'This OpenAPI document',
      tags: ['Meta'],
      operationId: 'getOpenApiDocument',
      responses: { 200: rawJson('The OpenAPI 3.1 document of the public API.', OpenApiDocument) },
    }),
    (c) => c.json(documentOf(api, 'public')),
  );
  api.get(
    '/admin/openapi.json',
    documented({
      summary: "The desk's OpenAPI document",
      tags: ['Meta'],
      operationId: 'getDeskOpenApiDocument',
      responses: { 200: rawJson('The OpenAPI 3.1 document of /api/admin.', OpenApiDocument) },
    }),
    requireStaff(null),
    (c) => c.json(documentOf(api, 'desk')),
  );
}
