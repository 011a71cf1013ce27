import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { html } from 'hono/html';
import type { JsonSchema } from './json-schema.ts';

/**
 * The public API's reference in a browser (`/api/reference`, issue 42): Redoc, from the standalone bundle that
 * @redocly/cli ships (the same Redoc as `npm run api:reference`), served by the shop: no CDN, it opens offline.
 * The page lists every operation itself too (method, path, summary, statuses): that list is what shows before the
 * script draws, without script, and where the bundle is not installed (a server installed without dev dependencies).
 */

const BUNDLE = '@redocly/cli/lib/chunks/redoc.standalone.js';
export const REDOC_SCRIPT_PATH = '/api/reference/redoc.standalone.js';

/**
 * The page's own policy, on this route only: the shop's script served from itself, and the inline styles Redoc's
 * styled-components write at run time. Everything else the shop's directives add (frame-ancestors, base-uri…).
 */
export const REFERENCE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:";

let bundle: Promise<string | null> | undefined;

/** Redoc's standalone script, read once; null where @redocly/cli is not installed. */
export function redocBundle(): Promise<string | null> {
  return (bundle ??= (async () => {
    try {
      return await readFile(createRequire(import.meta.url).resolve(BUNDLE), 'utf8');
    } catch {
      return null;
    }
  })());
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Operation {
  summary?: string;
  responses?: Record<string, unknown>;
}

/** Every operation of the document, in its order: the page's own list. */
function operationsOf(document: JsonSchema) {
  // Paths are relative to the document's server (`/api`): the list shows them as a browser would call them.
  const base = ((document.servers as { url?: string }[] | undefined)?.[0]?.url ?? '').replace(/\/$/, '');
  const paths = (document.paths ?? {}) as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation
        ? [
            {
              method: method.toUpperCase(),
              path: `${base}${path}`,
              summary: operation.summary ?? '',
              statuses: Object.keys(operation.responses ?? {}),
            },
          ]
        : [];
    }),
  );
}

/** The reference page: Redoc over `/api/openapi.json`, with the operations listed inside until it draws. */
export function referencePage(document: JsonSchema, withRedoc: boolean) {
  const info = document.info as { title?: string; version?: string } | undefined;
  const title = `${info?.title ?? 'API'} reference`;
  return html`<!doctype html>
    <html lang="en" dir="ltr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        ${withRedoc ? html`<script type="module" src="${REDOC_SCRIPT_PATH}"></script>` : ''}
      </head>
      <body style="margin:0;font-family:system-ui,sans-serif">
        <redoc spec-url="/api/openapi.json">
          <main style="max-width:60rem;margin:0 auto;padding:1rem">
            <h1>${title}</h1>
            <p>Version ${info?.version ?? ''}. The OpenAPI document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
            <ul data-operations>
              ${operationsOf(document).map(
                (op) =>
                  html`<li><code>${op.method} ${op.path}</code>: ${op.summary} <small>(${op.statuses.join(', ')})</small></li>`,
              )}
            </ul>
          </main>
        </redoc>
      </body>
    </html>`;
}
