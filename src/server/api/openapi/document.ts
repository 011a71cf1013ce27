import type { Hono } from 'hono';
import { ROUTE_INPUT, type RouteInput } from '../validation.ts';
import { requireUser } from '../require-user.ts';
import { sameOriginOnly } from '../session-cookie.ts';
import { routeDocOf, type ResponseDoc, type RouteDoc } from './describe.ts';
import { toJsonSchema, type JsonSchema } from './json-schema.ts';
import { baseComponents, envelope, PROBLEM_REF, type Audience } from './components.ts';

export type { Audience };

/** Every operation of the app, gathered from its route table: its documentation, inputs and guards. */
export interface Operation {
  method: string;
  /** Hono's path, e.g. `/api/products/:slug`. */
  path: string;
  doc: RouteDoc | undefined;
  inputs: RouteInput[];
  /** The staff permission its guard checks (null: any verified staff), undefined when it has no staff guard. */
  permission: string | null | undefined;
  /** The seller permission its guard checks (null: any signed-in seller member), undefined without a seller guard. */
  sellerPermission: string | null | undefined;
  shopperOnly: boolean;
  sameOrigin: boolean;
}

type RouteTable = Hono['routes'];

/** `/api/orders/*` → a regular expression over route paths (a middleware's reach). */
const reach = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\\\*|\*/g, '.*')
      .replace(/:[^/]+/g, '[^/]+')}$`,
  );

/** The app's operations, in registration order: one per method and path, middlewares folded in. */
export function operationsOf(routes: RouteTable): Operation[] {
  const operations = new Map<string, Operation>();
  const middlewares = routes.filter((r) => r.method === 'ALL');
  for (const route of routes) {
    // `.use(...)` registers ALL, also on a concrete path (`.use('/orders', requireUser)`): a middleware, not an operation.
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    let operation = operations.get(key);
    if (!operation) {
      const covering = middlewares.filter((m) => reach(m.path).test(route.path)).map((m) => m.handler);
      operation = {
        method: route.method,
        path: route.path,
        doc: undefined,
        inputs: [],
        permission: undefined,
        sellerPermission: undefined,
        shopperOnly: covering.includes(requireUser),
        sameOrigin: covering.includes(sameOriginOnly),
      };
      operations.set(key, operation);
    }
    const handler = route.handler as unknown as Record<PropertyKey, unknown>;
    operation.doc ??= routeDocOf(handler);
    const input = handler[ROUTE_INPUT] as RouteInput | undefined;
    if (input) operation.inputs.push(input);
    if (handler === (requireUser as unknown)) operation.shopperOnly = true;
    if (handler === (sameOriginOnly as unknown)) operation.sameOrigin = true;
    if ('permission' in handler) operation.permission = handler.permission as string | null;
    if ('sellerPermission' in handler) operation.sellerPermission = handler.sellerPermission as string | null;
  }
  return [...operations.values()];
}

/**
 * The sandboxes that stand in for outside providers, left out of both documents: their routes are the providers' API
 * (PayTabs', OPay's; the courier company's tracking and the demo's controls over it), documented by the providers
 * or not part of the shop's API at all, and they exist only where they are enabled.
 */
const SANDBOX_PATHS = ['/api/sandbox-gateway/', '/api/sandbox-courier/'];

/** The document a route belongs to; none for the sandboxes (above). */
export const audienceOf = (path: string): Audience | undefined =>
  SANDBOX_PATHS.some((prefix) => path.startsWith(prefix))
    ? undefined
    : path.startsWith('/api/admin/')
      ? 'desk'
      : path.startsWith('/api/seller/')
        ? 'seller'
        : 'public';

/** Routes of this API that document no response: each must say what it answers (`documented(...)`). */
export const undocumentedRoutes = (routes: RouteTable): string[] =>
  operationsOf(routes)
    .filter((o) => audienceOf(o.path) && !o.doc?.hidden && !Object.keys(o.doc?.responses ?? {}).some((s) => Number(s) < 400))
    .map((o) => `${o.method} ${o.path}`);

/** `/api/products/:slug{[a-z-]+}` → `/products/{slug}` (the server URL is `/api`). */
export const openApiPath = (path: string) => path.replace(/^\/api/, '').replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}') || '/';

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

const operationIdOf = (method: string, path: string) =>
  method.toLowerCase() +
  openApiPath(path)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

function responseObject(response: ResponseDoc, defs: Record<string, JsonSchema>): JsonSchema {
  const headers = response.headers
    ? {
        headers: Object.fromEntries(
          Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
        ),
      }
    : {};
  const body = response.body;
  if (!body) return { description: response.description, ...headers };
  if (body.kind === 'problem')
    return { description: response.description, ...headers, content: { 'application/json': { schema: { $ref: PROBLEM_REF } } } };
  if (body.kind === 'media')
    return { description: response.description, ...headers, content: { [body.mediaType]: { schema: { type: 'string' } } } };
  const schema =
    body.kind === 'raw-json'
      ? toJsonSchema(body.schema, 'output', defs)
      : envelope(
          body.data ? toJsonSchema(body.data, 'output', defs) : {},
          Object.fromEntries(Object.entries(body.extra ?? {}).map(([k, s]) => [k, toJsonSchema(s, 'output', defs)])),
        );
  const also = body.kind === 'envelope' && body.alsoAs ? { [body.alsoAs]: { schema: { type: 'string' } } } : {};
  return { description: response.description, ...headers, content: { 'application/json': { schema }, ...also } };
}

const problem = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: PROBLEM_REF } } } });

const PARAMETER_PLACES: Partial<Record<RouteInput['target'], string>> = { param: 'path', query: 'query', header: 'header' };

function parametersOf(operation: Operation, defs: Record<string, JsonSchema>): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const named = new Set<string>();
  for (const input of operation.inputs) {
    const place = PARAMETER_PLACES[input.target];
    if (!place) continue;
    const schema = toJsonSchema(input.schema, 'input', defs);
    const required = new Set((schema['required'] as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((schema['properties'] ?? {}) as Record<string, JsonSchema>)) {
      named.add(`${place}:${name}`);
      const { description, ...rest } = property;
      parameters.push({
        name,
        in: place,
        required: place === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  // Path parameters a route reads without a validator (e.g. the payment provider's name).
  for (const name of pathParams(operation.path))
    if (!named.has(`path:${name}`)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  return [...parameters, { $ref: '#/components/parameters/lang' }];
}

function requestBodyOf(operation: Operation, defs: Record<string, JsonSchema>): JsonSchema | undefined {
  // A route may take either kind (the profile: JSON, or multipart with a photo).
  const bodies = operation.inputs.filter((i) => i.target === 'json' || i.target === 'form');
  if (!bodies.length) return undefined;
  const content = Object.fromEntries(
    bodies.map((body) => [
      body.target === 'json' ? 'application/json' : 'multipart/form-data',
      { schema: toJsonSchema(body.schema, 'input', defs) },
    ]),
  );
  return { required: true, content };
}

function securityOf(operation: Operation, doc: RouteDoc): JsonSchema[] {
  if (operation.permission !== undefined) return [{ staffCookie: [] }];
  if (operation.sellerPermission !== undefined) return [{ sellerCookie: [] }];
  if (operation.shopperOnly) return [{ shopperBearer: [] }];
  if (doc.security === 'optionalBearer') return [{}, { shopperBearer: [] }];
  if (doc.security === 'refreshCookie') return [{ refreshCookie: [] }, {}];
  return [];
}

/** The responses every route of its kind gives, added unless the route says otherwise. */
function implicitResponses(operation: Operation): Record<string, JsonSchema> {
  const implicit: Record<string, JsonSchema> = {};
  if (operation.inputs.some((i) => i.target === 'json' || i.target === 'form'))
    implicit['400'] = problem('The body is not well-formed JSON (or multipart form data).');
  if (operation.inputs.length) implicit['422'] = problem('Invalid input: `errors` names each field with its message.');
  // Every body has its route's limit, refused while it arrives (src/server/api/body-limits.ts, issue 49).
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method.toUpperCase()))
    implicit['413'] = problem("The body is over this route's size limit: refused while it arrives, before it is read.");
  if (operation.shopperOnly) implicit['401'] = problem('No valid bearer token (or its session has ended).');
  if (operation.permission !== undefined) implicit['401'] = problem('No verified staff session.');
  if (operation.sellerPermission !== undefined) implicit['401'] = problem('No verified seller session.');
  if (operation.permission)
    implicit['403'] = problem(`The staff member's role lacks the permission \`${operation.permission}\`.`);
  else if (operation.sellerPermission)
    implicit['403'] = problem(`The seller member's role lacks the permission \`${operation.sellerPermission}\`.`);
  else if (operation.sameOrigin) implicit['403'] = problem('Sent from another site (a foreign `Origin`).');
  implicit['500'] = { $ref: '#/components/responses/ServerError' };
  // Any write may meet an embedded database whose file was lost under the shop (issue 50, src/server/db/database-file.ts).
  if (!['GET', 'HEAD'].includes(operation.method.toUpperCase()))
    implicit['503'] = problem(
      'Nothing can be saved now (the database is unavailable): try again later; `Retry-After` says when.',
    );
  return implicit;
}

function operationObject(operation: Operation, doc: RouteDoc, defs: Record<string, JsonSchema>): JsonSchema {
  const declared = Object.fromEntries(Object.entries(doc.responses).map(([status, r]) => [status, responseObject(r, defs)]));
  const responses = Object.fromEntries(
    Object.entries({ ...implicitResponses(operation), ...declared }).sort(([a], [b]) => Number(a) - Number(b)),
  );
  const requestBody = requestBodyOf(operation, defs);
  const permission = operation.permission
    ? `\n\nStaff permission: \`${operation.permission}\`.`
    : operation.sellerPermission
      ? `\n\nSeller permission: \`${operation.sellerPermission}\`.`
      : '';
  const description = (doc.description ?? '') + permission;
  return {
    operationId: doc.operationId ?? operationIdOf(operation.method, operation.path),
    summary: doc.summary,
    ...(description ? { description: description.trim() } : {}),
    tags: doc.tags,
    parameters: parametersOf(operation, defs),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: securityOf(operation, doc),
    ...(doc.callbacks
      ? {
          callbacks: Object.fromEntries(
            Object.entries(doc.callbacks).map(([name, callback]) => [
              name,
              {
                [callback.expression]: {
                  post: {
                    summary: callback.summary,
                    description: callback.description,
                    requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
                    // Trusted through the provider's signature, which no OpenAPI security scheme expresses.
                    security: [],
                    responses: {
                      '200': { description: 'The shop took the event (it is idempotent: a repeat is answered the same).' },
                      '401': problem('The signature does not match.'),
                    },
                  },
                },
              },
            ]),
          ),
        }
      : {}),
  };
}

const INFO: Record<Audience, { title: string; description: string }> = {
  public: {
    title: 'Bean Bazaar API',
    description:
      "The shop's JSON API: catalog, cart, checkout, orders, accounts, payments' callbacks, content and partners. " +
      'Answers are `{ data, message? }`; refusals follow one error model (`Problem`). `lang=ar-SA` answers in Arabic. ' +
      'Money is in integer piastres (1 EGP = 100). The guide: docs/api.md.',
  },
  desk: {
    title: 'Bean Bazaar desk API',
    description:
      "The back office's API under /api/admin, for signed-in staff only (the staff cookie); each operation names the " +
      'permission it needs. Refused from a foreign origin.',
  },
  seller: {
    title: 'Bean Bazaar seller portal API',
    description:
      "The seller portal's API under /api/seller, for a seller's signed-in team members only (the seller cookie); each " +
      "operation names the seller permission it needs, and answers only about the member's own seller (another " +
      "seller's record is not found). Refused from a foreign origin.",
  },
};

/** The OpenAPI 3.1 document of one audience, generated from the app's routes. */
export function openApiDocument(routes: RouteTable, audience: Audience): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const operation of operationsOf(routes)) {
    const doc = operation.doc;
    if (!doc || doc.hidden || audienceOf(operation.path) !== audience) continue;
    (paths[openApiPath(operation.path)] ??= {})[operation.method.toLowerCase()] = operationObject(operation, doc, defs);
    for (const tag of doc.tags) tags.add(tag);
  }
  const components = baseComponents(audience);
  return {
    openapi: '3.1.1',
    info: { ...INFO[audience], version: '1.0.0', license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/api', description: 'This shop' }],
    tags: [...tags].sort().map((name) => ({ name, description: `${name} operations.` })),
    paths,
    components: { ...components, schemas: { ...(components['schemas'] as JsonSchema), ...defs } },
  };
}
