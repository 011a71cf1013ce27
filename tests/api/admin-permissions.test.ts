import { afterAll, describe, expect, test } from 'vitest';
import { can, STAFF_ROLES, type Permission, type StaffRole } from '../../src/core/permissions/permissions.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * The permission matrix (issue 22), generated from the app itself: every /api/admin route carries the permission its
 * guard checks (requireStaff), and each is asked by every role — allowed exactly when the one role → permissions table
 * says so — by a shopper and by a guest (401).
 */
const { api, db, close } = await testApi();
afterAll(close);

/** The sign-in steps are the only admin routes open before a verified session. */
const OPEN = new Set([
  'POST /api/admin/auth/login',
  'POST /api/admin/auth/code',
  'GET /api/admin/auth/enrol',
  'POST /api/admin/auth/enrol',
  'POST /api/admin/auth/accept-invite',
  'POST /api/admin/auth/logout',
]);

type Guarded = { method: string; path: string; permission: Permission | null };
const routes: Guarded[] = [];
const unguarded: string[] = [];
const seen = new Set<string>();
for (const r of api.routes) {
  if (!r.path.startsWith('/api/admin/') || r.method === 'ALL') continue;
  const key = `${r.method} ${r.path}`;
  const permission = (r.handler as { permission?: Permission | null }).permission;
  if (permission !== undefined) {
    routes.push({ method: r.method, path: r.path, permission });
    seen.add(key);
  }
}
for (const r of api.routes) {
  const key = `${r.method} ${r.path}`;
  if (r.path.startsWith('/api/admin/') && r.method !== 'ALL' && !seen.has(key) && !OPEN.has(key)) unguarded.push(key);
}

const staff = new Map<StaffRole, { cookie: string }>();
for (const role of STAFF_ROLES) staff.set(role, await makeStaff(db, api, role));
const shopper = await makeShopper(db);

// The status only: some answers are not JSON (the catalog's CSV, a partner's document).
const ask = (route: Guarded, headers: Record<string, string>) =>
  api.request(route.path.replace(/:[a-zA-Z]+/g, '999999'), {
    method: route.method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(route.method === 'GET' ? {} : { body: '{}' }),
  });

test('every admin route is guarded by a permission (or is a sign-in step)', () => {
  expect(unguarded).toEqual([]);
  expect(routes.length).toBeGreaterThan(3);
});

describe.each(routes)('$method $path', (route) => {
  test.each(STAFF_ROLES)('%s', async (role) => {
    const res = await ask(route, { cookie: staff.get(role)!.cookie });
    const allowed = route.permission === null || can(role, route.permission);
    if (allowed) expect([401, 403]).not.toContain(res.status);
    else expect(res.status).toBe(403);
  });

  test('a shopper (bearer token) and a guest get 401', async () => {
    expect((await ask(route, shopper.headers)).status).toBe(401);
    expect((await ask(route, {})).status).toBe(401);
  });
});

test('the permission each route needs (a change here is a change of who may do what: review it)', () => {
  expect(Object.fromEntries(routes.map((r) => [`${r.method} ${r.path}`, r.permission]))).toMatchSnapshot();
});
