import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../src/server/api/openapi/json-schema.ts';
import { searchIndex } from '../../src/server/search/registry.ts';
import { makeAddress } from '../support/orders.ts';
import { hostile, valid } from '../support/schema-arbitrary.ts';
import { makeShopper } from '../support/shoppers.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Requests generated from the public OpenAPI document (issue 42), valid and hostile, over every operation, with the
 * shopper's token where one is needed (and sometimes without), then a cart → summary → order → cancel sequence:
 * never a 5xx, every answer as the document says. FUZZ_RUNS sets the runs per operation (CI: 15; before a release:
 * `FUZZ_RUNS=500 npx vitest run tests/api/openapi-fuzz.test.ts`); FUZZ_SEED replays a failure's seed.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 15);
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;

const { api, db, answers, close } = await testApi();
afterAll(close);
const shopper = await makeShopper(db);
const address = await makeAddress(db, shopper.id);
// A ready instance, as a load balancer sends traffic to: before its search index is built /api/health answers 503
// ("starting", documented), which the no-5xx rule would count.
await searchIndex(db);

type Operation = JsonSchema & {
  parameters: (JsonSchema & { $ref?: string })[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security: Record<string, string[]>[];
};
const document = answers.documents.public;
const components = (document['components'] as { schemas: Record<string, JsonSchema> }).schemas;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as unknown as Operation })),
);

const tally = { requests: 0, checked: 0, serverErrors: 0, statuses: {} as Record<number, number> };

interface Generated {
  url: string;
  init: RequestInit;
}

/** One answer: no 5xx, and as documented (status, media type, JSON body). Returns the parsed body. */
async function send({ url, init }: Generated): Promise<{ status: number; body: any }> {
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
}

const maybeHostile = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: hostile });

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A request for an operation: parameters and body from its schemas, each sometimes replaced by something hostile. */
function requestFor(path: string, method: string, operation: Operation): fc.Arbitrary<Generated> {
  // The shared ones (`lang`) resolved from the components.
  const shared = (document['components'] as { parameters: Record<string, JsonSchema> }).parameters;
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
  const needsToken = operation.security.some((s) => 'shopperBearer' in s);
  return fc
    .record({
      values: fc.record(values),
      body,
      withToken: fc.oneof({ weight: 5, arbitrary: fc.constant(needsToken) }, fc.boolean()),
    })
    .map(({ values: v, body: b, withToken }) => {
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
      if (withToken) headers['authorization'] = `Bearer ${shopper.token}`;
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

describe('generated requests over every public operation: no 5xx, every answer as documented', () => {
  // Sign-in and sign-up hash passwords on purpose (slow): the time allowed grows with the runs.
  test.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s',
    { timeout: 20_000 + RUNS * 300 },
    async (_name, o) => {
      await fc.assert(
        fc.asyncProperty(requestFor(o.path, o.method, o.operation), async (request) => {
          await send(request);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
  );
});

test('cart → summary → order → read → cancel → reorder, with generated lines and choices', async () => {
  const products = (await send({ url: '/api/products?per_page=60', init: { method: 'GET' } })).body.data as { id: number }[];
  const methods = ((await send({ url: '/api/payment-methods', init: { method: 'GET' } })).body.data as { code: string }[]).map(
    (m) => m.code,
  );
  const bearer = { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/json' };
  const line = fc.record({
    product_id: fc.constantFrom(...products.map((p) => p.id), 999_999),
    quantity: fc.integer({ min: 1, max: 6 }),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(line, { minLength: 1, maxLength: 4, selector: (l) => l.product_id }),
      fc.constantFrom(...methods, 'bitcoin'),
      fc.option(fc.constantFrom('WELCOME10', 'NOPE', ' '), { nil: undefined }),
      fc.boolean(),
      fc.constantFrom('card', 'wallet'),
      async (lines, payment_method, coupon, use_wallet, refund_to) => {
        await send({
          url: '/api/shopping-cart',
          init: { method: 'POST', headers: bearer, body: JSON.stringify({ products: lines }) },
        });
        const summary = new URLSearchParams({ products: JSON.stringify(lines), payment_method, use_wallet: String(use_wallet) });
        if (coupon) summary.set('coupon', coupon);
        await send({ url: `/api/orders/summary?${summary}`, init: { method: 'GET', headers: bearer } });
        const choice = { products: lines, address_id: address.id, payment_method, use_wallet, ...(coupon ? { coupon } : {}) };
        const placed = await send({
          url: '/api/orders',
          init: { method: 'POST', headers: bearer, body: JSON.stringify(choice) },
        });
        if (placed.status !== 201) return;
        const id = placed.body.data.id as number;
        await send({ url: `/api/orders/${id}`, init: { method: 'GET', headers: bearer } });
        await send({ url: `/api/orders/${id}/cancel?refund_to=${refund_to}`, init: { method: 'POST', headers: bearer } });
        await send({ url: `/api/reorder/${id}`, init: { method: 'POST', headers: bearer } });
      },
    ),
    { numRuns: RUNS * 2, ...(SEED === undefined ? {} : { seed: SEED }) },
  );
});

afterAll(() => {
  // The CI figures (docs/api.md): operations, generated requests, answers checked against the document, 5xx.
  console.log(
    `[openapi fuzz] ${operations.length} operations, ${tally.requests} requests, ${tally.checked} answers checked, ${tally.serverErrors} × 5xx; statuses ${JSON.stringify(tally.statuses)}`,
  );
});
