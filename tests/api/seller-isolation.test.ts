import { afterAll, describe, expect, test } from 'vitest';
import { SELLER_ROLES, sellerCan, type SellerPermission } from '../../src/core/permissions/seller-permissions.ts';
import { operationsOf } from '../../src/server/api/openapi/document.ts';
import { makeSeller, signInSellerMember } from '../support/seller.ts';
import { jsonInit, makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';
import { makeAddress, send as orderInit } from '../support/orders.ts';
import { makeShopper } from '../support/shoppers.ts';

/**
 * The isolation matrix (issue 40): every route under /api/seller has a row. Signed in as seller A, a route given seller
 * B's ids answers 404 (never B's record, never a 403 that says it exists); a role without the route's permission gets
 * 403; a staff cookie opens no seller route and a seller cookie no desk route. The rows are checked against the app's
 * own route table: a new seller route without a row fails the first test.
 */
const { api, db, json, close } = await testApi();
afterAll(close);

const sellerA = await makeSeller(db, { name: 'Seller A' });
// Seller B is one of the seeded sellers, with products of its own; seller A has none.
const sellerB = (await db.selectFrom('sellers').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
const ownerA = await signInSellerMember(db, api, sellerA, 'owner');
const ownerB = await signInSellerMember(db, api, sellerB, 'owner');
const memberB = await signInSellerMember(db, api, sellerB, 'catalog');

const productB = await db
  .selectFrom('products')
  .select(['id', 'sku', 'category_id', 'sub_category_id'])
  .where('seller_id', '=', sellerB)
  .orderBy('id')
  .executeTakeFirstOrThrow();
// An order holding one of seller B's products: B's part of it, and its line.
const shopper = await makeShopper(db);
const address = await makeAddress(db, shopper.id);
const placed = await json(
  '/api/orders',
  orderInit('POST', shopper.headers, {
    products: [{ product_id: productB.id, quantity: 1 }],
    address_id: address.id,
    payment_method: 'cash_on_delivery',
  }),
);
const partB = await db
  .selectFrom('order_parts')
  .select('id')
  .where('order_id', '=', placed.body.data.id)
  .where('seller_id', '=', sellerB)
  .executeTakeFirstOrThrow();
const lineB = await db
  .selectFrom('order_lines')
  .select('id')
  .where('order_id', '=', placed.body.data.id)
  .executeTakeFirstOrThrow();
/** Seller B's records, as the rows name them in paths and bodies. */
const b = { memberId: memberB.id, productId: productB.id, partId: partB.id, lineId: lineB.id };
/** A whole product as the portal's editor sends it (valid, so only the scope can refuse it). */
const productBody = {
  sku: productB.sku,
  name_en: 'Sidamo light roast',
  name_ar: 'سيدامو تحميص فاتح',
  description_en: 'Bright, floral, a little lemon.',
  description_ar: 'مشرقة وزهرية مع قليل من الليمون.',
  category_id: productB.category_id,
  sub_category_id: productB.sub_category_id,
  price: 42000,
  before_discount: null,
  stock: 7,
  weight_grams: 250,
  images: [{ url: '/media/test-photo.svg', alt_en: 'A bag of beans', alt_ar: 'كيس بن' }],
};

interface Row {
  /** The sign-in steps: no seller session needed (they start one). */
  open?: true;
  permission?: SellerPermission | null;
  /** The request with seller B's ids: must answer 404 to seller A. Absent: the route takes no id (scoped by session). */
  foreign?: () => { path: string; body?: unknown };
  /** A valid body, for the role and cookie checks (they answer before validation, but the request should be real). */
  body?: unknown;
}

const MATRIX: Record<string, Row> = {
  'POST /api/seller/auth/login': { open: true },
  'POST /api/seller/auth/code': { open: true },
  'GET /api/seller/auth/enrol': { open: true },
  'POST /api/seller/auth/enrol': { open: true },
  'POST /api/seller/auth/accept-invite': { open: true },
  'POST /api/seller/auth/logout': { open: true },
  'GET /api/seller/me': { permission: null },
  'GET /api/seller/openapi.json': { permission: null },
  'GET /api/seller/dashboard': { permission: 'dashboard.read' },
  'GET /api/seller/team': { permission: 'team.manage' },
  'POST /api/seller/team': { permission: 'team.manage', body: { email: 'x@seller.test', name: 'X', role: 'orders' } },
  'PATCH /api/seller/team/:id': {
    permission: 'team.manage',
    body: { role: 'orders' },
    foreign: () => ({ path: `/api/seller/team/${b.memberId}`, body: { role: 'orders' } }),
  },
  'DELETE /api/seller/team/:id': { permission: 'team.manage', foreign: () => ({ path: `/api/seller/team/${b.memberId}` }) },
  'POST /api/seller/team/:id/reset-authenticator': {
    permission: 'team.manage',
    foreign: () => ({ path: `/api/seller/team/${b.memberId}/reset-authenticator` }),
  },
  // A member's own account (issue 50): scoped by the session; a session id of B's is not one of A's.
  'GET /api/seller/account': { permission: null },
  'POST /api/seller/account/password': {
    permission: null,
    body: { current_password: 'kettle-grinder-42', password: 'a-new-long-pass-99', code: '123456' },
  },
  'DELETE /api/seller/account/sessions/:id': { permission: null },
  'POST /api/seller/account/recovery-codes': { permission: null, body: { password: 'kettle-grinder-42' } },
  'GET /api/seller/products': { permission: 'products.read' },
  'GET /api/seller/products/changes': { permission: 'products.read' },
  'GET /api/seller/products/choices': { permission: 'products.read' },
  'POST /api/seller/media/products': { permission: 'products.manage' },
  'POST /api/seller/products/import': { permission: 'products.manage' },
  'POST /api/seller/products': { permission: 'products.manage', body: { ...productBody, sku: 'ISO-NEW-1' } },
  'GET /api/seller/products/:id': {
    permission: 'products.read',
    foreign: () => ({ path: `/api/seller/products/${b.productId}` }),
  },
  'GET /api/seller/parts': { permission: 'orders.read' },
  'GET /api/seller/parts/:id': { permission: 'orders.read', foreign: () => ({ path: `/api/seller/parts/${b.partId}` }) },
  'POST /api/seller/parts/:id/accept': {
    permission: 'orders.work',
    foreign: () => ({ path: `/api/seller/parts/${b.partId}/accept` }),
  },
  'POST /api/seller/parts/:id/ready': {
    permission: 'orders.work',
    foreign: () => ({ path: `/api/seller/parts/${b.partId}/ready` }),
  },
  'POST /api/seller/parts/:id/lines/:line/cancel': {
    permission: 'orders.work',
    foreign: () => ({ path: `/api/seller/parts/${b.partId}/lines/${b.lineId}/cancel` }),
  },
  // Issue 52: the published reviews of the session's seller only; a reply to another seller's review is 404
  // (tests/api/reviews.test.ts, "sellers answer").
  'GET /api/seller/reviews': { permission: 'products.read' },
  'POST /api/seller/reviews/:id/reply': { permission: 'products.manage', body: { body: 'Thank you' } },
  // Scoped by the session: the seller id is never in the address.
  'GET /api/seller/statement.csv': { permission: 'money.read' },
  // Issue 53: the seller's own report; the seller is the session's (tests/api/seller-reports.test.ts reads its numbers).
  'GET /api/seller/reports/sales': { permission: 'money.read' },
  'PUT /api/seller/products/:id': {
    permission: 'products.manage',
    body: productBody,
    foreign: () => ({ path: `/api/seller/products/${b.productId}`, body: productBody }),
  },
};

const sellerOperations = operationsOf(api.routes).filter((o) => o.path.startsWith('/api/seller/'));
const keyOf = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
/** A concrete path for a route: its ids are seller A's own first member (harmless for the checks that use it). */
const concrete = (path: string) => path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, String(ownerA.id + 1_000_000));
const send = (method: string, path: string, cookie: string | undefined, body?: unknown) =>
  json(path, body === undefined ? { method, headers: cookie ? { cookie } : {} } : jsonInit(method, body, cookie));

test('every seller route has a row in the matrix, and every row is a route (a new route without a row fails here)', () => {
  expect(sellerOperations.map(keyOf).sort()).toEqual(Object.keys(MATRIX).sort());
  // The guard on each route is the one its row says.
  for (const o of sellerOperations)
    expect(o.sellerPermission, keyOf(o)).toBe(MATRIX[keyOf(o)]!.open ? undefined : MATRIX[keyOf(o)]!.permission);
});

describe("seller A asking about seller B's records", () => {
  const foreign = Object.entries(MATRIX).filter(([, row]) => row.foreign);
  test.each(foreign)('%s → 404', async (key, row) => {
    const { path, body } = row.foreign!();
    const res = await send(key.split(' ')[0]!, path, ownerA.cookie, body);
    expect(res.status).toBe(404);
  });

  test("B's records are unchanged, and A's dashboard and team show only A's", async () => {
    const member = await db
      .selectFrom('seller_members')
      .select(['role', 'status'])
      .where('id', '=', memberB.id)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ role: 'catalog', status: 'active' });
    const team = await json('/api/seller/team', { headers: ownerA.headers });
    expect(team.body.data.map((m: { id: number }) => m.id)).toEqual([ownerA.id]);
    const [a, bb] = await Promise.all([
      json('/api/seller/dashboard', { headers: ownerA.headers }),
      json('/api/seller/dashboard', { headers: ownerB.headers }),
    ]);
    expect(a.body.data.products).toBe(0);
    expect(bb.body.data.products).toBeGreaterThan(0);
  });
});

describe('roles without the permission → 403', () => {
  const guarded = Object.entries(MATRIX).filter(([, row]) => row.permission);
  test.each(guarded)('%s', async (key, row) => {
    const [method, path] = key.split(' ') as [string, string];
    for (const role of SELLER_ROLES.filter((r) => !sellerCan(r, row.permission!))) {
      const member = await signInSellerMember(db, api, sellerA, role);
      expect((await send(method, concrete(path), member.cookie, row.body)).status, role).toBe(403);
    }
  });
});

describe('cookies of the other side', () => {
  test('a staff cookie (the owner of the desk, even) on every seller route → 401', async () => {
    const staff = await makeStaff(db, api, 'owner');
    for (const [key, row] of Object.entries(MATRIX).filter(([, r]) => !r.open)) {
      const [method, path] = key.split(' ') as [string, string];
      expect((await send(method, concrete(path), staff.cookie, row.body)).status, key).toBe(401);
    }
  });

  test('a seller cookie (an owner) on every guarded desk route → 401', async () => {
    const desk = operationsOf(api.routes).filter((o) => o.permission !== undefined);
    expect(desk.length).toBeGreaterThan(50);
    for (const o of desk) {
      const res = await api.request(concrete(o.path), { method: o.method, headers: { cookie: ownerA.cookie } });
      expect(res.status, keyOf(o)).toBe(401);
    }
  });
});

describe('answers about one seller stay private', () => {
  test('never cached nor indexed, on the desk as on the portal', async () => {
    for (const [path, cookie] of [
      ['/api/seller/dashboard', ownerA.cookie],
      ['/api/admin/sellers', (await makeStaff(db, api, 'owner')).cookie],
    ] as const) {
      const res = await api.request(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
    }
  });

  test("a page elsewhere cannot spend a seller's cookie: a foreign Origin is refused before the route", async () => {
    const res = await api.request('/api/seller/team', {
      method: 'POST',
      headers: { cookie: ownerA.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', name: 'X', role: 'orders' }),
    });
    expect(res.status).toBe(403);
    expect(
      await db.selectFrom('seller_members').select('id').where('email', '=', 'x@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });
});
