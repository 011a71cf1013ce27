import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Hono } from 'hono';
import { audienceOf, openApiDocument, openApiPath, operationsOf, type Audience } from '../../src/server/api/openapi/document.ts';
import type { JsonSchema } from '../../src/server/api/openapi/json-schema.ts';

type Document = JsonSchema & { paths: Record<string, Record<string, { responses: Record<string, JsonSchema> }>> };

interface Template {
  audience: Audience;
  path: string;
  method: string;
  pattern: RegExp;
  params: number;
}

/** A pointer segment (RFC 6901). */
const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Checks answers against the OpenAPI documents generated from the same app (issue 42): the status is one the operation
 * documents, the media type is documented, and a JSON body validates (Ajv, JSON Schema 2020-12, OpenAPI 3.1's dialect).
 * Requests to no documented operation (an unknown path, a test fault) are not checked.
 */
export function answerChecker(routes: Hono['routes']) {
  // Each document is generated (and given to Ajv) on first use: most test files never touch the desk.
  const generated: Partial<Record<Audience, Document>> = {};
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const documentOf = (audience: Audience): Document => {
    if (!generated[audience]) {
      generated[audience] = openApiDocument(routes, audience) as Document;
      ajv.addSchema(generated[audience], audience);
    }
    return generated[audience];
  };
  const documents = {
    get public() {
      return documentOf('public');
    },
    get desk() {
      return documentOf('desk');
    },
    get seller() {
      return documentOf('seller');
    },
  };
  // Operations are matched on the route table's paths, which needs no document.
  const templates: Template[] = operationsOf(routes)
    .filter((o) => audienceOf(o.path) && !o.doc?.hidden)
    .map((o) => {
      const path = openApiPath(o.path);
      return {
        audience: audienceOf(o.path)!,
        path,
        method: o.method.toLowerCase(),
        pattern: new RegExp(`^/api${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
      };
    })
    // A literal segment wins over a parameter (`/orders/summary` before `/orders/{id}`), as the routes are registered.
    .sort((a, b) => a.params - b.params);
  const validators = new Map<string, ValidateFunction>();
  let checked = 0;

  /** The problems of one answer (empty when it is as documented); undefined when no operation documents the request. */
  function check(method: string, url: string, status: number, contentType: string | null, body: unknown): string[] | undefined {
    const path = new URL(url, 'http://shop.test').pathname;
    const verb = method.toLowerCase();
    const template = templates.find((t) => t.method === verb && t.pattern.test(path));
    if (!template) return undefined;
    checked += 1;
    const where = `${method} ${template.path} → ${status}`;
    const document = documentOf(template.audience);
    const responses = document.paths[template.path]![verb]!.responses;
    const response = responses[String(status)] ?? responses['default'];
    if (!response) return [`${where}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const resolved = (response['$ref'] ? componentResponse(document, String(response['$ref'])) : response) as {
      content?: Record<string, JsonSchema>;
    };
    if (!resolved.content) return [];
    const mediaType = (contentType ?? '').split(';')[0]!.trim();
    const documented = Object.keys(resolved.content);
    const match = documented.find((m) => m === mediaType || (m.endsWith('/*') && mediaType.startsWith(m.slice(0, -1))));
    if (!match) return [`${where}: content type '${mediaType}' is not documented (${documented.join(', ')})`];
    if (match !== 'application/json') return [];
    const pointer = response['$ref']
      ? `${String(response['$ref'])}/content/application~1json/schema`
      : `#/paths/${escapePointer(template.path)}/${verb}/responses/${status in responses ? status : 'default'}/content/application~1json/schema`;
    const key = `${template.audience}${pointer}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `${template.audience}${pointer}` });
      validators.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${where}: body${e.instancePath} ${e.message} (${JSON.stringify(e.params)})`);
  }

  return { check, documents, checkedCount: () => checked };
}

const componentResponse = (document: Document, ref: string) =>
  ((document['components'] as JsonSchema)['responses'] as Record<string, JsonSchema>)[ref.split('/').pop()!];
