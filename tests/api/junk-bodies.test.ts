import { afterAll, describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../src/server/api/openapi/json-schema.ts';
import { serverConfig } from '../../src/server/config.ts';
import { SANDBOX_WEBHOOK_SECRET } from '../../src/server/couriers/sandbox-courier.ts';
import { WEBHOOK_SECRET_HEADER } from '../../src/server/couriers/courier-company.ts';
import { signWebhookBody } from '../../src/server/messaging/whatsapp-signature.ts';
import { useSandboxProviders } from '../support/online-payments.ts';
import { makeSeller, makeSellerMember } from '../support/seller.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Issue 49 (5): junk bodies at every surface, as a provider, a seller or an attacker might send them — `null`, lists,
 * scalars, fields of the wrong type, deep nesting, 10 MB — at the payment callbacks, the webhooks, and every desk and
 * seller-portal operation that takes a body or a query (with a signed-in owner of each): never a 5xx, every answer a
 * status and media type the operation documents, refusals in the error model. Corrupt uploads of every accepted kind:
 * tests/api/hostile-input.test.ts.
 */
const testing = await testApi();
const { api, db, answers } = testing;
useSandboxProviders(testing.close);
const owner = await makeStaff(db, api, 'owner');
const seller = await makeSeller(db);
const sellerOwner = await makeSellerMember(db, seller, 'owner');

/** Bodies no client of ours sends, as raw text. */
const JUNK: readonly string[] = [
  'null',
  '[]',
  '[null]',
  '[{}]',
  '"text"',
  '0',
  'true',
  '{}',
  '{"__proto__":{"admin":true}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"unclosed": ',
  '\u0000',
];
const TEN_MB = `{"pad":"${'x'.repeat(10 * 1024 * 1024)}"}`;

/** The body schema's fields each given a value of another type: a string for a number, a list for a string… */
function wrongTypes(schema: JsonSchema | undefined): string {
  const properties = (schema?.['properties'] ?? {}) as Record<string, JsonSchema>;
  const wrong = (field: JsonSchema): unknown => {
    const type = Array.isArray(field['type']) ? field['type'][0] : field['type'];
    if (type === 'string') return ['x'];
    if (type === 'number' || type === 'integer') return 'many';
    if (type === 'boolean') return 'yes';
    if (type === 'array') return { length: 1 };
    return 12;
  };
  return JSON.stringify(Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, wrong(field)])));
}

const tally = { requests: 0, serverErrors: 0, statuses: {} as Record<number, number> };

async function send(method: string, url: string, body: string | undefined, headers: Record<string, string>) {
  tally.requests += 1;
  const res = await api.request(
    url,
    { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body }) },
    { clientAddress: `198.18.${tally.requests % 250}.${Math.floor(tally.requests / 250) % 250}` },
  );
  const type = res.headers.get('content-type');
  const text = await res.text();
  tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
  if (res.status >= 500) tally.serverErrors += 1;
  expect(res.status, `${method} ${url} ${String(body).slice(0, 80)} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  const parsed = type?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : text;
  if (res.status >= 400)
    expect(parsed, `${method} ${url}`).toMatchObject({ message: expect.any(String), errors: expect.anything() });
  const problems = answers.check(method, url, res.status, type, parsed);
  expect(problems ?? [], `${method} ${url} → ${res.status}`).toEqual([]);
  return res.status;
}

describe("the providers' callbacks and webhooks", () => {
  const appSecret = serverConfig().messaging.whatsapp.appSecret;
  const endpoints: [string, (body: string) => Record<string, string>][] = [
    ['/api/payments/paymob/callback?hmac=00', () => ({})],
    ['/api/payments/fawry/callback', () => ({})],
    ['/api/payments/paytabs/callback', () => ({ signature: 'nope' })],
    ['/api/payments/opay/callback', () => ({ authorization: 'nope', requesttimestamp: '1' })],
    ['/api/whatsapp/webhook', () => ({})],
    // Signed as Meta signs: the body is then read, and must still be refused cleanly.
    ['/api/whatsapp/webhook', (body) => ({ 'x-hub-signature-256': signWebhookBody(appSecret, body) })],
    ['/api/couriers/sandbox/webhook', () => ({})],
    // With the secret header: the body is read.
    ['/api/couriers/sandbox/webhook', () => ({ [WEBHOOK_SECRET_HEADER]: SANDBOX_WEBHOOK_SECRET })],
  ];
  test.each(endpoints.map(([path, headers], i) => [`${i}: ${path}`, path, headers] as const))(
    'junk, wrong types, deep nesting and 10 MB at %s: never a 5xx',
    { timeout: 60_000 },
    async (_name, path, headers) => {
      for (const body of [...JUNK, '{"obj":{"id":[],"order":"x"},"payload":7,"entry":{},"trackingNumber":{},"state":"x"}'])
        await send('POST', path, body, headers(body));
      expect(await send('POST', path, TEN_MB, headers(TEN_MB))).toBe(413);
    },
  );
});

type Operation = {
  parameters?: (JsonSchema & { name: string; in: string })[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

describe.each([
  ['desk', () => answers.documents.desk, () => owner.cookie],
  ['seller', () => answers.documents.seller, () => sellerOwner.cookie],
] as const)('every %s operation with a body or a query, junk in both (a signed-in owner)', (_audience, documentOf, cookieOf) => {
  const document = documentOf();
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method: method.toUpperCase(),
      operation: operation as Operation,
    })),
  );
  const taking = operations.filter(
    (o) => o.operation.requestBody?.content['application/json'] || o.operation.parameters?.some((p) => p.in === 'query'),
  );
  test.each(taking.map((o) => [`${o.method} ${o.path}`, o] as const))('%s', { timeout: 120_000 }, async (_name, o) => {
    // Path parameters name nothing that exists (9999999) or are junk themselves: refused before any write.
    for (const id of ['9999999', '-1', '%00', 'x'.repeat(300)]) {
      const path = `/api${o.path.replace(/\{[^}]+\}/g, id)}`;
      const queries = (o.operation.parameters ?? []).filter((p) => p.in === 'query');
      const junkQuery = queries
        .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent('2026-02-30')}&${encodeURIComponent(p.name)}=%5B%5D`)
        .join('&');
      const headers = { cookie: cookieOf() };
      if (queries.length) await send(o.method, `${path}?${junkQuery}`, o.method === 'GET' ? undefined : '{}', headers);
      const schema = o.operation.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      for (const body of [...JUNK, wrongTypes(schema)]) await send(o.method, path, body, headers);
      if (id === '9999999') expect(await send(o.method, path, TEN_MB, headers)).toBe(413);
    }
  });
});

afterAll(() => {
  console.log(
    `[junk bodies] ${tally.requests} requests, ${tally.serverErrors} × 5xx; statuses ${JSON.stringify(tally.statuses)}`,
  );
});
