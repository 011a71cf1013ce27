import { afterAll, describe, expect, test } from 'vitest';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import { STAFF_ROLES, can } from '../../src/core/permissions/permissions.ts';
import { SELLER_ROLES } from '../../src/core/permissions/seller-permissions.ts';
import { makeSeller, sellerCookieFrom, signInSellerMember } from '../support/seller.ts';
import { jsonInit, makeStaff, STAFF_PASSWORD } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';
import { totpClock } from '../support/totp-clock.ts';

/**
 * Issue 50: seller members get what staff have (issue 34) — their own account (password with the current one and a
 * code, sessions with revoke, recovery codes) — and a way back for a lost authenticator: staff with partners.manage
 * reset a seller owner's, a seller's owner any member's of their team; each a new enrolment link, audited.
 */
const { api, db, json, close } = await testApi();
afterAll(close);
const nextStep = totpClock();

type Member = Awaited<ReturnType<typeof signInSellerMember>>;
const me = async (cookie: string) => (await api.request('/api/seller/me', { headers: { cookie } })).status;

/** The member signs in again elsewhere (another device): password, then the next step's code; its cookie. */
async function signInElsewhere(member: Member, userAgent = 'Shop tablet') {
  const headers = { 'user-agent': userAgent };
  const first = await api.request('/api/seller/auth/login', {
    ...jsonInit('POST', { email: member.email, password: STAFF_PASSWORD }),
    headers: { 'content-type': 'application/json', ...headers },
  });
  expect(first.status).toBe(200);
  nextStep();
  const code = await api.request('/api/seller/auth/code', {
    ...jsonInit('POST', { code: currentCode(member.secret) }, sellerCookieFrom(first)),
    headers: { 'content-type': 'application/json', cookie: sellerCookieFrom(first), ...headers },
  });
  expect(code.status).toBe(200);
  return sellerCookieFrom(code);
}

const auditOf = (memberId: number, action: string) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_type', '=', 'seller_member')
    .where('subject_id', '=', String(memberId))
    .where('action', '=', action as never)
    .execute();

describe('a seller member’s own account, for every role of the team', () => {
  test.each(SELLER_ROLES)('%s: sees their sessions and recovery codes left; nothing of anyone else', async (role) => {
    const sellerId = await makeSeller(db);
    const member = await signInSellerMember(db, api, sellerId, role);
    const other = await signInSellerMember(db, api, sellerId, 'owner');
    const tablet = await signInElsewhere(member);
    const account = await json('/api/seller/account', { headers: member.headers });
    expect(account.status).toBe(200);
    expect(account.body.data.recovery_codes_left).toBe(10);
    const sessions = account.body.data.sessions as { current: boolean; user_agent: string | null }[];
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions[1]).toMatchObject({ current: false, user_agent: 'Shop tablet' });
    expect(await me(tablet)).toBe(200);
    // The other member's account lists their one session only.
    const theirs = await json('/api/seller/account', { headers: other.headers });
    expect(theirs.body.data.sessions).toHaveLength(1);
  });

  test('a staff cookie or none opens no seller account', async () => {
    const staff = await makeStaff(db, api, 'owner');
    expect((await api.request('/api/seller/account', { headers: staff.headers })).status).toBe(401);
    expect((await api.request('/api/seller/account')).status).toBe(401);
  });

  test('a password change takes the current password and a code; it ends the other sessions and renews this one', async () => {
    const member = await signInSellerMember(db, api, await makeSeller(db), 'orders');
    const tablet = await signInElsewhere(member);
    nextStep();
    const wrongCode = await json(
      '/api/seller/account/password',
      jsonInit('POST', { current_password: STAFF_PASSWORD, password: 'a-new-long-pass-99', code: '000000' }, member.cookie),
    );
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.errors.code[0]).toMatch(/not right/);
    const wrongPassword = await json(
      '/api/seller/account/password',
      jsonInit(
        'POST',
        { current_password: 'not-it-at-all', password: 'a-new-long-pass-99', code: currentCode(member.secret) },
        member.cookie,
      ),
    );
    expect(wrongPassword.status).toBe(422);
    expect(Object.keys(wrongPassword.body.errors)).toEqual(['current_password']);
    nextStep();
    const changed = await api.request(
      '/api/seller/account/password',
      jsonInit(
        'POST',
        { current_password: STAFF_PASSWORD, password: 'a-new-long-pass-99', code: currentCode(member.secret) },
        member.cookie,
      ),
    );
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as any).data.sessions_ended).toBe(1);
    const renewed = sellerCookieFrom(changed);
    expect(renewed).not.toBe(member.cookie);
    expect(await me(tablet)).toBe(401);
    expect(await me(member.cookie)).toBe(401);
    expect(await me(renewed)).toBe(200);
    // The new password signs in, the old one does not.
    const login = (password: string) =>
      api.request('/api/seller/auth/login', jsonInit('POST', { email: member.email, password }));
    expect((await login(STAFF_PASSWORD)).status).toBe(401);
    expect((await login('a-new-long-pass-99')).status).toBe(200);
    const audit = await auditOf(member.id, 'sellerMember.password.change');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ seller_member_id: member.id, staff_id: null, staff_role: 'seller:orders' });
  });

  test('a recovery code stands in for the authenticator code (spent, and audited)', async () => {
    const member = await signInSellerMember(db, api, await makeSeller(db), 'finance');
    const codes = await json('/api/seller/account/recovery-codes', jsonInit('POST', { password: STAFF_PASSWORD }, member.cookie));
    const code = codes.body.data.recovery_codes[0] as string;
    const changed = await api.request(
      '/api/seller/account/password',
      jsonInit('POST', { current_password: STAFF_PASSWORD, password: 'a-new-long-pass-99', code }, member.cookie),
    );
    expect(changed.status).toBe(200);
    const left = await json('/api/seller/account', { headers: { cookie: sellerCookieFrom(changed) } });
    expect(left.body.data.recovery_codes_left).toBe(9);
    expect(await auditOf(member.id, 'sellerMember.recoveryCode.use')).toHaveLength(1);
  });

  test('a member ends one of their sessions (signed out there at once), never one of someone else’s', async () => {
    const sellerId = await makeSeller(db);
    const member = await signInSellerMember(db, api, sellerId, 'catalog');
    const other = await signInSellerMember(db, api, sellerId, 'owner');
    const tablet = await signInElsewhere(member);
    const sessionsOf = async (cookie: string) =>
      (await json('/api/seller/account', { headers: { cookie } })).body.data.sessions as { id: string; current: boolean }[];
    const theirs = (await sessionsOf(other.cookie))[0]!.id;
    const refused = await json(`/api/seller/account/sessions/${theirs}`, { method: 'DELETE', headers: member.headers });
    expect(refused.status).toBe(404);
    expect(await me(other.cookie)).toBe(200);
    const tabletId = (await sessionsOf(member.cookie)).find((s) => !s.current)!.id;
    const ended = await json(`/api/seller/account/sessions/${tabletId}`, { method: 'DELETE', headers: member.headers });
    expect(ended).toMatchObject({ status: 200, body: { data: { current: false } } });
    expect(await me(tablet)).toBe(401);
    expect(await me(member.cookie)).toBe(200);
    expect(await auditOf(member.id, 'sellerMember.session.end')).toHaveLength(1);
  });

  test('new recovery codes need the password and void the old ones; audited', async () => {
    const member = await signInSellerMember(db, api, await makeSeller(db), 'owner');
    const wrong = await json(
      '/api/seller/account/recovery-codes',
      jsonInit('POST', { password: 'nope-nope-nope' }, member.cookie),
    );
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['password']);
    const first = await json('/api/seller/account/recovery-codes', jsonInit('POST', { password: STAFF_PASSWORD }, member.cookie));
    expect(first.body.data.recovery_codes).toHaveLength(10);
    const second = await json(
      '/api/seller/account/recovery-codes',
      jsonInit('POST', { password: STAFF_PASSWORD }, member.cookie),
    );
    const old = first.body.data.recovery_codes[0] as string;
    expect(second.body.data.recovery_codes).not.toContain(old);
    // The voided code no longer signs in.
    const pending = sellerCookieFrom(
      await api.request('/api/seller/auth/login', jsonInit('POST', { email: member.email, password: STAFF_PASSWORD })),
    );
    expect((await api.request('/api/seller/auth/code', jsonInit('POST', { recovery_code: old }, pending))).status).toBe(422);
    const audit = await auditOf(member.id, 'sellerMember.recoveryCodes.regenerate');
    expect(audit).toHaveLength(2);
  });
});

/** Opens a new enrolment link as its member would: a new password, a new authenticator, signed in. */
async function takeLink(link: string) {
  const token = new URL(link).searchParams.get('token')!;
  const accepted = await api.request('/api/seller/auth/accept-invite', jsonInit('POST', { token, password: 'fresh-start-2026' }));
  expect(accepted.status).toBe(200);
  const pending = sellerCookieFrom(accepted);
  const { data } = (await (await api.request('/api/seller/auth/enrol', { headers: { cookie: pending } })).json()) as any;
  const enrolled = await api.request('/api/seller/auth/enrol', jsonInit('POST', { code: currentCode(data.secret) }, pending));
  expect(enrolled.status).toBe(200);
  return sellerCookieFrom(enrolled);
}

describe('a lost authenticator: the desk resets a seller owner’s', () => {
  const resetPath = (sellerId: number, memberId: number) =>
    `/api/admin/sellers/${sellerId}/owners/${memberId}/reset-authenticator`;
  const reason = { reason: 'Called the mobile on the application; the owner answered.' };

  test.each(STAFF_ROLES)('%s: allowed exactly with partners.manage', async (role) => {
    const sellerId = await makeSeller(db);
    const owner = await signInSellerMember(db, api, sellerId, 'owner');
    const staff = await makeStaff(db, api, role);
    const owners = await api.request(`/api/admin/sellers/${sellerId}/owners`, { headers: staff.headers });
    const reset = await api.request(resetPath(sellerId, owner.id), jsonInit('POST', reason, staff.cookie));
    const expected = can(role, 'partners.manage') ? 200 : 403;
    expect(owners.status).toBe(expected);
    expect(reset.status).toBe(expected);
    expect(await me(owner.cookie)).toBe(expected === 200 ? 401 : 200);
  });

  test('the owner is signed out, their password and codes stop working, the link brings them back; audited with the reason', async () => {
    const sellerId = await makeSeller(db);
    const owner = await signInSellerMember(db, api, sellerId, 'owner');
    const operations = await makeStaff(db, api, 'operations');
    const listed = await json(`/api/admin/sellers/${sellerId}/owners`, { headers: operations.headers });
    expect(listed.body.data).toEqual([{ id: owner.id, name: expect.any(String), email: owner.email, status: 'active' }]);
    const noReason = await json(resetPath(sellerId, owner.id), jsonInit('POST', { reason: '' }, operations.cookie));
    expect(noReason.status).toBe(422);
    expect(await me(owner.cookie)).toBe(200);

    const reset = await json(resetPath(sellerId, owner.id), jsonInit('POST', reason, operations.cookie));
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ id: owner.id, email: owner.email });
    expect(reset.body.data.invite_link).toMatch(/\/en\/seller\/accept-invite\?token=/);
    expect(await me(owner.cookie)).toBe(401);
    expect(
      (await api.request('/api/seller/auth/login', jsonInit('POST', { email: owner.email, password: STAFF_PASSWORD }))).status,
    ).toBe(401);
    const codes = await db.selectFrom('seller_recovery_codes').select('id').where('member_id', '=', owner.id).execute();
    expect(codes).toEqual([]);

    const back = await takeLink(reset.body.data.invite_link);
    const account = await json('/api/seller/account', { headers: { cookie: back } });
    expect(account.status).toBe(200);
    expect(account.body.data.recovery_codes_left).toBe(10);
    // The link works once.
    const again = await api.request(
      '/api/seller/auth/accept-invite',
      jsonInit('POST', { token: new URL(reset.body.data.invite_link).searchParams.get('token'), password: 'fresh-start-2026' }),
    );
    expect(again.status).toBe(410);

    const audit = await auditOf(owner.id, 'sellerMember.authenticator.reset');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: operations.id, seller_member_id: null, reason: reason.reason });
  });

  test('only an owner, only of the seller named: another role or another seller’s owner is not found', async () => {
    const sellerId = await makeSeller(db);
    const otherSeller = await makeSeller(db);
    const finance = await signInSellerMember(db, api, sellerId, 'finance');
    const elsewhere = await signInSellerMember(db, api, otherSeller, 'owner');
    const staff = await makeStaff(db, api, 'owner');
    for (const path of [resetPath(sellerId, finance.id), resetPath(sellerId, elsewhere.id), resetPath(999999, elsewhere.id)]) {
      const res = await json(path, jsonInit('POST', reason, staff.cookie));
      expect(res.status, path).toBe(404);
    }
    expect(await me(finance.cookie)).toBe(200);
    expect(await me(elsewhere.cookie)).toBe(200);
  });
});

describe('a lost authenticator: a seller’s owner resets a member’s', () => {
  test('the member is signed out and comes back through the link; audited as the owner', async () => {
    const sellerId = await makeSeller(db);
    const owner = await signInSellerMember(db, api, sellerId, 'owner');
    const member = await signInSellerMember(db, api, sellerId, 'orders');
    const reset = await json(`/api/seller/team/${member.id}/reset-authenticator`, jsonInit('POST', {}, owner.cookie));
    expect(reset.status).toBe(200);
    expect(await me(member.cookie)).toBe(401);
    const team = await json('/api/seller/team', { headers: owner.headers });
    expect(team.body.data.find((m: { id: number }) => m.id === member.id).status).toBe('invited');
    const back = await takeLink(reset.body.data.invite_link);
    expect(await me(back)).toBe(200);
    const audit = await auditOf(member.id, 'sellerMember.authenticator.reset');
    expect(audit[0]).toMatchObject({ seller_member_id: owner.id, staff_id: null, staff_role: 'seller:owner' });
  });

  test.each(SELLER_ROLES.filter((r) => r !== 'owner'))('%s: may not (403), the member keeps their session', async (role) => {
    const sellerId = await makeSeller(db);
    const asking = await signInSellerMember(db, api, sellerId, role);
    const member = await signInSellerMember(db, api, sellerId, 'orders');
    const res = await json(`/api/seller/team/${member.id}/reset-authenticator`, jsonInit('POST', {}, asking.cookie));
    expect(res.status).toBe(403);
    expect(await me(member.cookie)).toBe(200);
  });

  test('not themselves, not a removed member', async () => {
    const sellerId = await makeSeller(db);
    const owner = await signInSellerMember(db, api, sellerId, 'owner');
    const removed = await signInSellerMember(db, api, sellerId, 'catalog');
    expect((await json(`/api/seller/team/${owner.id}/reset-authenticator`, jsonInit('POST', {}, owner.cookie))).status).toBe(409);
    await json(`/api/seller/team/${removed.id}`, { method: 'DELETE', headers: owner.headers });
    expect((await json(`/api/seller/team/${removed.id}/reset-authenticator`, jsonInit('POST', {}, owner.cookie))).status).toBe(
      404,
    );
  });
});
