import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { JsonSchema } from '../../src/server/api/openapi/json-schema.ts';
import { hostile, valid } from './schema-arbitrary.ts';
import type { answerChecker } from './openapi-answers.ts';

/**
 * Requests generated from an OpenAPI document (issues 42 and 49), valid and hostile, and the one check every answer
 * gets: never a 5xx, and as the document says (status, media type, JSON body). Shared by the public document's run
 * (openapi-fuzz.test.ts) and the desk's and the seller portal's (openapi-fuzz-wings.test.ts).
 */
export const RUNS = Number(process.env['FUZZ_RUNS'] ?? 15);
export const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;

type Document = ReturnType<typeof answerChecker>['documents']['public'];
export type Operation = JsonSchema & {
  parameters: (JsonSchema & { $ref?: string })[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security: Record<string, string[]>[];
};
export interface Generated {
  url: string;
  init: RequestInit;
}
interface Api {
  request: (url: string, init: RequestInit, env: { clientAddress: string }) => Response | Promise<Response>;
}

/** Every operation of a document, by path and method. */
export const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as unknown as Operation })),
  );

/** What a run sent and got: its requests, the answers checked, the 5xx (none allowed) and the statuses. */
export const newTally = () => ({ requests: 0, checked: 0, serverErrors: 0, statuses: {} as Record<number, number> });

/** Sends one request and checks its answer: no 5xx, and as documented. Returns the status and the parsed body. */
export function sender(api: Api, answers: ReturnType<typeof answerChecker>, tally: ReturnType<typeof newTally>) {
  return async ({ url, init }: Generated): Promise<{ status: number; body: any }> => {
    tally.requests += 1;
    if (process.env['FUZZ_TRACE'])
      appendFileSync(process.env['FUZZ_TRACE'], `${init.method} ${url} ${String(init.body).slice(0, 500)}\n`);
    const address = `198.51.${tally.requests % 250}.${Math.floor(tally.requests / 250) % 250}`;
    const res = await api.request(url, init, { clientAddress: address });
    const contentType = res.headers.get('content-type');
    const text = await res.text();
    const body = contentType?.includes('json') ? JSON.parse(text) : text;
    tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
    if (res.status >= 500) tally.serverErrors += 1;
    expect(res.status, `${init.method} ${url} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
    const problems = answers.check(init.method ?? 'GET', url, res.status, contentType, body);
    if (problems) tally.checked += 1;
    expect(problems ?? [], `${init.method} ${url}`).toEqual([]);
    return { status: res.status, body };
  };
}

const maybeHostile = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: hostile });

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Requests for one operation of `document`: parameters and body from its schemas, each sometimes replaced by something
 * hostile; `credentials` are a signed-in caller's scheme and headers, sent where the operation asks for that scheme
 * (and sometimes not, or where it does not).
 */
export function requestFor(
  document: Document,
  { path, method, operation }: ReturnType<typeof operationsOf>[number],
  credentials: { scheme: 'shopperBearer' | 'staffCookie' | 'sellerCookie'; headers: () => Record<string, string> },
): fc.Arbitrary<Generated> {
  const components = (document['components'] as { schemas: Record<string, JsonSchema> }).schemas;
  // The shared ones (`lang`) resolved from the components.
  const shared = (document['components'] as { parameters?: Record<string, JsonSchema> }).parameters ?? {};
  const parameters = operation.parameters.map((p) => (p.$ref ? shared[p.$ref.split('/').pop()!]! : p)) as (JsonSchema & {
    name: string;
    in: string;
    required: boolean;
    schema: JsonSchema;
  })[];
  const values = Object.fromEntries(
    parameters.map((p) => {
      const arbitrary = maybeHostile(valid(p.schema, components));
      return [`${p.in}:${p.name}`, p.required ? arbitrary : fc.option(arbitrary, { nil: undefined })];
    }),
  );
  const media = Object.keys(operation.requestBody?.content ?? {});
  const bodySchema = media.length ? operation.requestBody!.content[media[0]!]!.schema : undefined;
  const body = bodySchema
    ? fc.oneof(
        { weight: 4, arbitrary: valid(bodySchema, components) },
        { weight: 1, arbitrary: hostile },
        { weight: 1, arbitrary: fc.constantFrom('{"unclosed": ', 'not json', '', '\u0000').map((raw) => ({ raw })) },
      )
    : fc.constant(undefined);
  const needsCredentials = operation.security.some((s) => credentials.scheme in s);
  return fc
    .record({
      values: fc.record(values),
      body,
      signedIn: fc.oneof({ weight: 5, arbitrary: fc.constant(needsCredentials) }, fc.boolean()),
    })
    .map(({ values: v, body: b, signedIn }) => {
      let url = `/api${path}`;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      for (const p of parameters) {
        const value = v[`${p.in}:${p.name}`];
        if (value === undefined) continue;
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(asText(value)) || '_');
        else if (p.in === 'query') for (const item of Array.isArray(value) ? value : [value]) query.append(p.name, asText(item));
        else if (p.in === 'header') headers[p.name] = asText(value).replace(/[^\x20-\x7e]/g, '');
      }
      if (signedIn) Object.assign(headers, credentials.headers());
      const search = query.toString();
      const init: RequestInit = { method: method.toUpperCase(), headers };
      if (b !== undefined && media[0] === 'multipart/form-data' && b && typeof b === 'object' && !Array.isArray(b)) {
        const form = new FormData();
        for (const [k, item] of Object.entries(b)) form.append(k, asText(item));
        init.body = form;
      } else if (b !== undefined) {
        headers['content-type'] = 'application/json';
        // `{ raw }`: text that is not JSON at all, sent as it is.
        const raw = b && typeof b === 'object' && 'raw' in b && typeof b.raw === 'string' ? b.raw : undefined;
        init.body = raw ?? JSON.stringify(b);
      }
      return { url: search ? `${url}?${search}` : url, init };
    });
}
