import type { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ApiEnv } from '#server/api/context.ts';
import { requireStaff } from '#desk/shell/server/require-staff.ts';
import { requireSeller } from '#seller/accounts/server/require-seller.ts';
import { documented, media, rawJson, refused } from '#server/api/openapi/describe.ts';
import { openApiDocument, type Audience } from '#server/api/openapi/document.ts';
import type { JsonSchema } from '#server/api/openapi/json-schema.ts';
import { REFERENCE_POLICY, redocBundle, referencePage } from '#server/api/openapi/reference-page.ts';
import { Problem } from '#server/problem.ts';

const generated = new WeakMap<object, Partial<Record<Audience, JsonSchema>>>();

/** The app's document for an audience, generated once from its routes (the routes do not change after start). */
export function documentOf(api: Hono<ApiEnv>, audience: Audience): JsonSchema {
  const cache = generated.get(api) ?? {};
  generated.set(api, cache);
  return (cache[audience] ??= openApiDocument(api.routes, audience));
}

const OpenApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }) });

/**
 * `/api/openapi.json` (the public API), `/api/admin/openapi.json` (the desk's, staff only) and
 * `/api/seller/openapi.json` (the seller portal's, its members only), registered last so
 * they describe every route, themselves included; `/api/reference`, the public document drawn by Redoc for a browser.
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
  api.get(
    '/seller/openapi.json',
    documented({
      summary: "The seller portal's OpenAPI document",
      tags: ['Meta'],
      operationId: 'getSellerOpenApiDocument',
      responses: { 200: rawJson('The OpenAPI 3.1 document of /api/seller.', OpenApiDocument) },
    }),
    requireSeller(null),
    (c) => c.json(documentOf(api, 'seller')),
  );
  api.get(
    '/reference',
    documented({
      summary: 'This reference, for a browser',
      description:
        'Redoc over `/api/openapi.json`, served by the shop (no CDN). The page lists every operation itself before the script draws.',
      tags: ['Meta'],
      operationId: 'getApiReference',
      responses: { 200: media('The reference page, in English.', 'text/html') },
    }),
    async (c) => {
      const page = referencePage(documentOf(api, 'public'), (await redocBundle()) !== null);
      return c.html(page, 200, { 'content-security-policy': REFERENCE_POLICY });
    },
  );
  api.get(
    '/reference/redoc.standalone.js',
    documented({
      summary: "Redoc's standalone script, for the reference page",
      tags: ['Meta'],
      operationId: 'getRedocScript',
      responses: {
        200: media('Redoc (MIT), as @redocly/cli ships it.', 'text/javascript'),
        404: refused('Redoc is not installed on this server (the reference page still lists the operations).'),
      },
    }),
    async (c) => {
      const script = await redocBundle();
      if (script === null) throw new Problem(404, 'api.notFound');
      return c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' });
    },
  );
}
