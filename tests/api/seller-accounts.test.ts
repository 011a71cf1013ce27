import { afterAll, describe, expect, test, vi } from 'vitest';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import { makeSeller, sellerCookieFrom, signInSellerMember } from '../support/seller.ts';
import { jsonInit, makeStaff, STAFF_PASSWORD } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);

const signIn = (email: string, password = STAFF_PASSWORD) =>
  api.request('/api/seller/auth/login', jsonInit('POST', { email, password }));
/** The next time step's code: the enrolment spent the current one. */
const nextStep = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });

describe('seller sign-in: a password, then an authenticator code, as staff do', () => {
  test('an invited owner sets a password, enrols, reaches the portal with their seller and permissions', async () => {
    const sellerId = await makeSeller(db);
    const owner = await signInSellerMember(db, api, sellerId, 'owner');
    const me = await json('/api/seller/me', { headers: owner.headers });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: owner.email, role: 'owner', seller_id: sellerId });
    expect(me.body.data.permissions).toContain('team.manage');
    const audit = await db.selectFrom('audit_log').selectAll().where('seller_member_id', '=', owner.id).execute();
    // The seller member is the actor: no staff id, the role says which side.
    expect(audit.map((row) => row.action)).toContain('sellerMember.signIn');
    expect(audit.every((row) => row.staff_id === null && row.seller_id === sellerId && row.staff_role === 'seller:owner')).toBe(
      true,
    );
  });

  test('a password alone opens nothing; a wrong code is refused; the current code signs in, with a new cookie', async () => {
    const member = await signInSellerMember(db, api, await makeSeller(db), 'orders');
    const first = await signIn(member.email);
    expect(first.status).toBe(200);
    const pending = sellerCookieFrom(first);
    expect((await json('/api/seller/me', { headers: { cookie: pending } })).status).toBe(401);
    nextStep();
    try {
      const wrong = await json('/api/seller/auth/code', jsonInit('POST', { code: '000000' }, pending));
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.code[0]).toMatch(/not right/);
      const ok = await api.request('/api/seller/auth/code', jsonInit('POST', { code: currentCode(member.secret) }, pending));
      expect(ok.status).toBe(200);
      const signedIn = sellerCookieFrom(ok);
      expect(signedIn).not.toBe(pending);
      expect((await json('/api/seller/me', { headers: { cookie: signedIn } })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a wrong password is refused and audited as the seller member', async () => {
    const member = await signInSellerMember(db, api, await makeSeller(db), 'finance');
    expect((await signIn(member.email, 'not-the-password')).status).toBe(401);
    const failed = await db
      .selectFrom('audit_log')
      .select(['action', 'seller_member_id'])
      .where('action', '=', 'sellerMember.signIn.failed')
      .where('staff_email', '=', member.email)
      .execute();
    expect(failed).toEqual([{ action: 'sellerMember.signIn.failed', seller_member_id: member.id }]);
  });

  test('a suspended seller cannot sign in, and its members signed in are signed out', async () => {
    const sellerId = await makeSeller(db);
    const member = await signInSellerMember(db, api, sellerId, 'owner');
    await db.updateTable('sellers').set({ status: 'suspended' }).where('id', '=', sellerId).execute();
    expect((await json('/api/seller/me', { headers: member.headers })).status).toBe(401);
    expect((await signIn(member.email)).status).toBe(401);
    await db.updateTable('sellers').set({ status: 'active' }).where('id', '=', sellerId).execute();
    expect((await signIn(member.email)).status).toBe(200);
  });

  test('an invitation works once', async () => {
    const sellerId = await makeSeller(db);
    const owner = await signInSellerMember(db, api, sellerId, 'owner');
    const invited = await json(
      '/api/seller/team',
      jsonInit('POST', { email: 'new.member@seller.test', name: 'New Member', role: 'catalog' }, owner.cookie),
    );
    expect(invited.status).toBe(201);
    const token = new URL(invited.body.data.invite_link).searchParams.get('token')!;
    expect(new URL(invited.body.data.invite_link).pathname).toBe('/en/seller/accept-invite');
    const accept = () => api.request('/api/seller/auth/accept-invite', jsonInit('POST', { token, password: STAFF_PASSWORD }));
    expect((await accept()).status).toBe(200);
    expect((await accept()).status).toBe(410);
    const audit = await db
      .selectFrom('audit_log')
      .select(['seller_id', 'seller_member_id', 'staff_role'])
      .where('action', '=', 'sellerMember.invite')
      .where('subject_id', '=', String(invited.body.data.id))
      .execute();
    expect(audit).toEqual([{ seller_id: sellerId, seller_member_id: owner.id, staff_role: 'seller:owner' }]);
  });
});

describe('cookies do not cross sides', () => {
  test('a staff cookie opens no seller route, a seller cookie no desk route', async () => {
    const staff = await makeStaff(db, api, 'owner');
    const member = await signInSellerMember(db, api, await makeSeller(db), 'owner');
    expect((await json('/api/seller/me', { headers: staff.headers })).status).toBe(401);
    expect((await json('/api/admin/me', { headers: member.headers })).status).toBe(401);
  });
});

describe('roles', () => {
  test('the owner invites, changes a role and removes; other roles get 403; the removed member is signed out', async () => {
    const sellerId = await makeSeller(db);
    const owner = await signInSellerMember(db, api, sellerId, 'owner');
    const catalog = await signInSellerMember(db, api, sellerId, 'catalog');
    expect((await json('/api/seller/team', { headers: catalog.headers })).status).toBe(403);
    expect((await json('/api/seller/dashboard', { headers: catalog.headers })).status).toBe(200);
    const listed = await json('/api/seller/team', { headers: owner.headers });
    expect(listed.body.data.map((m: { email: string }) => m.email)).toEqual([owner.email, catalog.email]);
    const changed = await json(`/api/seller/team/${catalog.id}`, jsonInit('PATCH', { role: 'finance' }, owner.cookie));
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe('finance');
    // A new role starts from a fresh sign-in.
    expect((await json('/api/seller/me', { headers: catalog.headers })).status).toBe(401);
    expect((await json(`/api/seller/team/${owner.id}`, jsonInit('DELETE', undefined, owner.cookie))).status).toBe(409);
    const removed = await json(`/api/seller/team/${catalog.id}`, jsonInit('DELETE', undefined, owner.cookie));
    expect(removed.status).toBe(200);
    expect((await signIn(catalog.email)).status).toBe(401);
    const actions = await db.selectFrom('audit_log').select('action').where('seller_id', '=', sellerId).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['sellerMember.update', 'sellerMember.remove']));
  });
});
