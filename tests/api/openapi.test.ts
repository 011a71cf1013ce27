import { Hono } from 'hono';
import { afterAll, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { documented, ok } from '../../src/server/api/openapi/describe.ts';
import { openApiDocument, undocumentedRoutes } from '../../src/server/api/openapi/document.ts';
import { validate } from '../../src/server/api/validation.ts';
import { answerChecker } from '../support/openapi-answers.ts';
import { testApi } from '../support/test-db.ts';

const { api, json, close } = await testApi();
afterAll(close);

test('every route of the API documents its answers (a route added without `documented(...)` fails here)', () => {
  expect(undocumentedRoutes(api.routes)).toEqual([]);
});

test('the check fires on a route registered without a documented response', () => {
  const app = new Hono()
    .get('/api/things', documented({ summary: 'Things', tags: ['T'], responses: { 200: ok('The things') } }), (c) =>
      c.json({ data: [] }),
    )
    .post('/api/things', validate('json', z.object({ name: z.string() })), (c) => c.json({ data: null }))
    .get('/api/refusals', documented({ summary: 'Only refusals', tags: ['T'], responses: {} }), (c) => c.json({ data: null }));
  expect(undocumentedRoutes(app.routes)).toEqual(['POST /api/things', 'GET /api/refusals']);
});

test('the public document is served at /api/openapi.json without the desk; the desk document only to staff', async () => {
  const res = await json('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.body.openapi).toBe('3.1.1');
  expect(Object.keys(res.body.paths)).toContain('/products/{slug}');
  expect(Object.keys(res.body.paths).filter((p) => p.startsWith('/admin'))).toEqual([]);
  expect((await json('/api/admin/openapi.json')).status).toBe(401);
});

test('a validated route documents its inputs from the schema it validates with', () => {
  const doc = openApiDocument(api.routes, 'public') as any;
  const product = doc.paths['/products/{slug}'].get;
  expect(product.parameters[0]).toMatchObject({ name: 'slug', in: 'path', required: true });
  expect(Object.keys(product.responses)).toEqual(expect.arrayContaining(['200', '404', '422', '500']));
  const order = doc.paths['/orders'].post;
  expect(order.security).toEqual([{ shopperBearer: [] }]);
  expect(order.requestBody.content['application/json'].schema.properties).toHaveProperty('payment_method');
});

test('an answer off the document is caught: an undocumented status, media type or body', () => {
  const { check } = answerChecker(api.routes);
  const page = { data: [], meta: { page: 1, per_page: 24, total: 0, last_page: 1 } };
  expect(check('GET', '/api/products?page=1', 200, 'application/json', page)).toEqual([]);
  expect(check('GET', '/api/products', 200, 'application/json', { data: 'cards' })?.join()).toMatch(/body\/data must be array/);
  expect(check('GET', '/api/products', 200, 'text/html', '<p>')?.join()).toMatch(/content type 'text\/html' is not documented/);
  expect(check('GET', '/api/products', 418, 'application/json', {})?.join()).toMatch(/status 418 is not documented/);
  // A refusal must follow the error model, a literal path wins over a parameter, and the desk has its own document.
  expect(check('GET', '/api/orders/summary', 401, 'application/json', { message: 'x' })?.join()).toMatch(
    /must have required property 'messages'/,
  );
  expect(
    check('GET', '/api/admin/orders/7', 404, 'application/json', {
      message: 'x',
      messages: ['x'],
      errors: {},
      code: 'admin.orderNotFound',
    }),
  ).toEqual([]);
  expect(check('GET', '/api/no-such-route', 404, 'application/json', {})).toBeUndefined();
});

test('the reference page draws the public document with Redoc served by the shop, under its own policy', async () => {
  const { check } = answerChecker(api.routes);
  const page = await api.request('/api/reference');
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(check('GET', '/api/reference', 200, 'text/html', '')).toEqual([]);
  // The script comes from the shop itself, never a CDN, and only this page allows it.
  const policy = page.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/https?:/);
  const html = await page.text();
  expect(html).toContain('<script type="module" src="/api/reference/redoc.standalone.js"></script>');
  expect(html).toContain('<redoc spec-url="/api/openapi.json">');
  // Its own list, for a reader without script: every public operation, none of the desk's.
  expect(html).toContain('<code>GET /api/products</code>: A page of product cards: filtered, searched, sorted');
  expect(html).not.toContain('/api/admin/');
  const script = await api.request('/api/reference/redoc.standalone.js');
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  expect(await script.text()).toContain('RedocStandalone');
});
