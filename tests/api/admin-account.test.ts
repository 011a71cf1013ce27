import { afterAll, describe, expect, test, vi } from 'vitest';
import { inviteStaff, updateStaff } from '../../src/desk/staff/server/staff-accounts.ts';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import { sha256 } from '../../src/server/auth/secrets.ts';
import type { Kysely } from 'kysely';
import { connect } from '../../src/server/db/connection.ts';
import { up as migration025 } from '../../src/server/db/migrations/025-staff-secrets.ts';
import { openSecret, TOTP_PURPOSE } from '../../src/server/auth/secret-box.ts';
import { spendRecoveryCode } from '../../src/core/second-factor/server/recovery-codes.ts';
import { isSecureRequest, STAFF_REALM, staffTokenFromCookies } from '../../src/core/actors/server/staff-sessions.ts';
import { jsonInit, makeStaff, STAFF_PASSWORD, staffCookieFrom } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';
import { totpClock } from '../support/totp-clock.ts';

/**
 * Issue 34 (an outside probe against OWASP ASVS 5.0 V6/V7/V8): the staff session renewed at every change of privilege,
 * secrets unreadable at rest, recovery codes, a member's own account, sign-in events in the audit log, a lock an
 * attacker cannot turn against an operator, and the owner rules' edges. Runs on SQLite and on PostgreSQL.
 */
const { api, db, json, close } = await testApi();
afterAll(close);
/** Moves the clock to the next 30-second step: each TOTP step is accepted once per member. */
const nextStep = totpClock();

const request = (path: string, init?: RequestInit, from = '203.0.113.250') => api.request(path, init, { clientAddress: from });
const signIn = (email: string, password = STAFF_PASSWORD, from?: string, cookie?: string) =>
  request('/api/admin/auth/login', jsonInit('POST', { email, password }, cookie), from);
const me = async (cookie: string) => (await request('/api/admin/me', { headers: { cookie } })).status;

/** Signs a member in again (password, then the next step's code) and returns the signed-in cookie. */
async function signInAgain(staff: { email: string; secret: string }, from?: string, headers: Record<string, string> = {}) {
  const first = await request(
    '/api/admin/auth/login',
    {
      ...jsonInit('POST', { email: staff.email, password: STAFF_PASSWORD }),
      headers: { 'content-type': 'application/json', ...headers },
    },
    from,
  );
  expect(first.status).toBe(200);
  nextStep();
  const init = jsonInit('POST', { code: currentCode(staff.secret) }, staffCookieFrom(first));
  const code = await request(
    '/api/admin/auth/code',
    { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } },
    from,
  );
  expect(code.status).toBe(200);
  return staffCookieFrom(code);
}

describe('V7.2.4 / V7.6.1: a new session token at every change of privilege', () => {
  test('a token planted before the sign-in is refused once the member signs in, and the duplicate cookie opens nothing', async () => {
    const victim = await makeStaff(db, api, 'owner');
    // The attacker's token: a session at the password step, planted in the victim's browser.
    const planted = staffCookieFrom(await signIn(victim.email));
    // The victim signs in with the planted cookie in the browser: that sign-in ends the session it presented.
    const own = staffCookieFrom(await signIn(victim.email, STAFF_PASSWORD, undefined, planted));
    nextStep();
    const code = currentCode(victim.secret);
    // Both cookies sent (the probe's `bb_staff=P; bb_staff=N`): neither is trusted.
    const both = await request('/api/admin/auth/code', jsonInit('POST', { code }, `${planted}; ${own}`));
    expect(both.status).toBe(401);
    const signedIn = await request('/api/admin/auth/code', jsonInit('POST', { code }, own));
    expect(signedIn.status).toBe(200);
    const renewed = staffCookieFrom(signedIn);
    expect(renewed).not.toBe(own);
    expect(await me(planted)).toBe(401);
    expect(await me(own)).toBe(401);
    expect(await me(`${planted}; ${renewed}`)).toBe(401);
    expect(await me(renewed)).toBe(200);
  });

  test('the enrolment renews the token: the one from accepting the invitation is spent', async () => {
    const { token } = await inviteStaff(db, { email: 'renew@staff.test', name: 'Renew', role: 'support' }, null);
    const accepted = await request('/api/admin/auth/accept-invite', jsonInit('POST', { token, password: STAFF_PASSWORD }));
    const pending = staffCookieFrom(accepted);
    const { data } = (await (await request('/api/admin/auth/enrol', { headers: { cookie: pending } })).json()) as any;
    // The secret being enrolled is sealed in the session row too.
    const row = await db
      .selectFrom('staff_sessions')
      .select('pending_secret')
      .where('token_hash', '=', sha256(pending.split('=')[1]!))
      .executeTakeFirstOrThrow();
    expect(row.pending_secret).toMatch(/^v1\./);
    expect(row.pending_secret).not.toContain(data.secret);
    const enrolled = await request('/api/admin/auth/enrol', jsonInit('POST', { code: currentCode(data.secret) }, pending));
    expect(enrolled.status).toBe(200);
    expect(await me(pending)).toBe(401);
    expect(await me(staffCookieFrom(enrolled))).toBe(200);
  });

  test('a sign-in ends the signed-in session the browser presented', async () => {
    const staff = await makeStaff(db, api, 'support');
    expect(await me(staff.cookie)).toBe(200);
    expect((await signIn(staff.email, STAFF_PASSWORD, undefined, staff.cookie)).status).toBe(200);
    expect(await me(staff.cookie)).toBe(401);
  });

  test('over https the cookie is __Host-bb_staff, Secure, HttpOnly, SameSite=Strict, for /', async () => {
    const staff = await makeStaff(db, api, 'support');
    const res = await api.request(
      'https://shop.example/api/admin/auth/login',
      jsonInit('POST', { email: staff.email, password: STAFF_PASSWORD }),
      { clientAddress: '203.0.113.9' },
    );
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-bb_staff=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    // Over https a plain `bb_staff` cookie is not read.
    const value = /=([^;]+)/.exec(cookie)![1];
    nextStep();
    const plain = await api.request(
      'https://shop.example/api/admin/auth/code',
      jsonInit('POST', { code: currentCode(staff.secret) }, `bb_staff=${value}`),
    );
    expect(plain.status).toBe(401);
  });
});

test('the Secure __Host- cookie: in production always, elsewhere on https or behind a TLS proxy; a duplicate is no cookie', () => {
  expect(isSecureRequest('http://127.0.0.1:4321/api/admin/me', null)).toBe(false);
  expect(isSecureRequest('https://shop.example/api/admin/me', null)).toBe(true);
  expect(isSecureRequest('http://10.0.0.5/api/admin/me', 'https')).toBe(true);
  vi.stubEnv('NODE_ENV', 'production');
  try {
    expect(isSecureRequest('http://10.0.0.5/api/admin/me', null)).toBe(true);
  } finally {
    vi.unstubAllEnvs();
  }
  expect(staffTokenFromCookies('a=1; bb_staff=T; b=2', false)).toBe('T');
  expect(staffTokenFromCookies('bb_staff=P; bb_staff=T', false)).toBeUndefined();
  expect(staffTokenFromCookies('bb_staff=T', true)).toBeUndefined();
  expect(staffTokenFromCookies('bb_staff=P; __Host-bb_staff=T', true)).toBe('T');
});

describe('V6.5 / V11: staff secrets at rest', () => {
  test('the database holds no TOTP secret and no recovery code in readable form', async () => {
    const staff = await makeStaff(db, api, 'finance');
    const row = await db.selectFrom('staff').select('totp_secret').where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.totp_secret).not.toContain(staff.secret);
    const codes = await db.selectFrom('staff_recovery_codes').select('code_hash').where('staff_id', '=', staff.id).execute();
    expect(codes).toHaveLength(10);
    const stored = codes.map((c) => c.code_hash);
    expect(new Set(stored.map((h) => h.split('.')[2])).size).toBe(10); // a salt per code
    for (const code of staff.recoveryCodes) {
      // 120 bits: 24 characters of Crockford's base 32.
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){5}$/);
      const bare = code.replace(/-/g, '');
      for (const hash of stored) {
        expect(hash).toMatch(/^h1\./);
        expect(hash).not.toContain(bare);
        expect(hash).not.toContain(sha256(bare));
        expect(hash).not.toContain(sha256(code));
      }
    }
  });
});

describe('migration 025: the secrets stored before it', () => {
  test('existing TOTP secrets are sealed and existing recovery codes keyed; both keep working', async () => {
    const { db: old } = connect({ sqlitePath: ':memory:' });
    try {
      const raw = old as unknown as Kysely<any>;
      await raw.schema
        .createTable('staff')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('totp_secret', 'text')
        .execute();
      await raw.schema
        .createTable('staff_recovery_codes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer')
        .addColumn('code_hash', 'text')
        .addColumn('used_at', 'text')
        .execute();
      await raw.schema
        .createTable('staff_sessions')
        .addColumn('token_hash', 'text')
        .addColumn('pending_secret', 'text')
        .execute();
      await raw.insertInto('staff').values({ id: 1, totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }).execute();
      // A code of the old kind (`xxxxx-xxxxx`, its hash taken with the hyphen) and a session enrolling in the clear.
      await raw
        .insertInto('staff_recovery_codes')
        .values({ id: 1, staff_id: 1, code_hash: sha256('abcde-fghjk'), used_at: null })
        .execute();
      await raw.insertInto('staff_sessions').values({ token_hash: 'x', pending_secret: 'JBSWY3DPEHPK3PXP' }).execute();
      await migration025(raw, { engine: 'sqlite', idType: 'integer', id: (c) => c });
      const staff = await raw.selectFrom('staff').select('totp_secret').executeTakeFirstOrThrow();
      expect(staff.totp_secret).toMatch(/^v1\./);
      expect(openSecret(staff.totp_secret, TOTP_PURPOSE)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
      const code = await raw.selectFrom('staff_recovery_codes').select('code_hash').executeTakeFirstOrThrow();
      expect(code.code_hash).toMatch(/^h1\./);
      expect(await raw.selectFrom('staff_sessions').selectAll().execute()).toEqual([]);
      expect(await spendRecoveryCode(old, STAFF_REALM, 1, 'ABCDE-FGHJK')).toBe(true);
      expect(await spendRecoveryCode(old, STAFF_REALM, 1, 'abcde-fghjk')).toBe(false);
    } finally {
      await old.destroy();
    }
  });
});

describe("V6.2.2 / V7.4.3 / V7.5: a member's own account", () => {
  test('a password change (current password + a code) ends the member’s other sessions and renews this one', async () => {
    const staff = await makeStaff(db, api, 'operations');
    const other = await signInAgain(staff, '198.51.100.20', { 'user-agent': 'Other phone' });
    expect(await me(other)).toBe(200);
    nextStep();
    const wrong = await json(
      '/api/admin/account/password',
      jsonInit(
        'POST',
        { current_password: 'not-my-password', password: 'a-new-long-pass-99', code: currentCode(staff.secret) },
        staff.cookie,
      ),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password[0]).toBe('That is not your current password.');
    nextStep();
    const changed = await request(
      '/api/admin/account/password',
      jsonInit(
        'POST',
        { current_password: STAFF_PASSWORD, password: 'a-new-long-pass-99', code: currentCode(staff.secret) },
        staff.cookie,
      ),
    );
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as any).data.sessions_ended).toBe(1);
    const renewed = staffCookieFrom(changed);
    expect(await me(other)).toBe(401);
    expect(await me(staff.cookie)).toBe(401);
    expect(await me(renewed)).toBe(200);
    expect((await signIn(staff.email)).status).toBe(401);
    expect((await signIn(staff.email, 'a-new-long-pass-99')).status).toBe(200);
  });

  test('the same rules as the invitation: a common password or a wrong code is refused', async () => {
    const staff = await makeStaff(db, api, 'support');
    nextStep();
    const common = await json(
      '/api/admin/account/password',
      jsonInit(
        'POST',
        { current_password: STAFF_PASSWORD, password: 'password123', code: currentCode(staff.secret) },
        staff.cookie,
      ),
    );
    expect(common.status).toBe(422);
    expect(Object.keys(common.body.errors)).toEqual(['password']);
    const badCode = await json(
      '/api/admin/account/password',
      jsonInit('POST', { current_password: STAFF_PASSWORD, password: 'a-new-long-pass-99', code: '000000' }, staff.cookie),
    );
    expect(badCode.status).toBe(422);
    expect(Object.keys(badCode.body.errors)).toEqual(['code']);
  });

  test('a member sees their sessions (device, address, last use) and ends one; nobody else’s', async () => {
    const staff = await makeStaff(db, api, 'support');
    const stranger = await makeStaff(db, api, 'support');
    const other = await signInAgain(staff, '198.51.100.21', { 'user-agent': 'Tablet in the warehouse' });
    const account = await json('/api/admin/account', { headers: { cookie: staff.cookie } });
    expect(account.body.data.recovery_codes_left).toBe(10);
    const sessions = account.body.data.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0].current).toBe(true);
    const theOther = sessions.find((s: any) => !s.current);
    expect(theOther).toMatchObject({ client_address: '198.51.100.21', user_agent: 'Tablet in the warehouse' });
    expect(theOther.last_seen_at).toMatch(/^\d{4}-/);
    expect(JSON.stringify(account.body)).not.toMatch(/token|hash/);
    // Another member cannot end it.
    expect(
      (await json(`/api/admin/account/sessions/${theOther.id}`, { method: 'DELETE', headers: { cookie: stranger.cookie } }))
        .status,
    ).toBe(404);
    expect(await me(other)).toBe(200);
    const ended = await json(`/api/admin/account/sessions/${theOther.id}`, {
      method: 'DELETE',
      headers: { cookie: staff.cookie },
    });
    expect(ended.status).toBe(200);
    expect(ended.body.data.current).toBe(false);
    expect(await me(other)).toBe(401);
    expect(await me(staff.cookie)).toBe(200);
  });

  test('recovery codes: the count left is shown, a new set voids the old one; both audited', async () => {
    const owner = await makeStaff(db, api, 'owner');
    const staff = await makeStaff(db, api, 'support');
    const used = await signIn(staff.email);
    expect(
      (
        await request(
          '/api/admin/auth/code',
          jsonInit('POST', { recovery_code: staff.recoveryCodes[0]!.toUpperCase() }, staffCookieFrom(used)),
        )
      ).status,
    ).toBe(200);
    expect((await json('/api/admin/account', { headers: { cookie: staff.cookie } })).body.data.recovery_codes_left).toBe(9);
    expect(
      (await json('/api/admin/account/recovery-codes', jsonInit('POST', { password: 'wrong-password-1' }, staff.cookie))).status,
    ).toBe(422);
    const fresh = await json('/api/admin/account/recovery-codes', jsonInit('POST', { password: STAFF_PASSWORD }, staff.cookie));
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recovery_codes).toHaveLength(10);
    expect((await json('/api/admin/account', { headers: { cookie: staff.cookie } })).body.data.recovery_codes_left).toBe(10);
    const old = await signIn(staff.email);
    expect(
      (await request('/api/admin/auth/code', jsonInit('POST', { recovery_code: staff.recoveryCodes[1] }, staffCookieFrom(old))))
        .status,
    ).toBe(422);
    const log = await json(`/api/admin/audit?action=staff.recovery&subject_type=staff&subject_id=${staff.id}`, {
      headers: { cookie: owner.cookie },
    });
    expect(log.body.data.rows.map((r: any) => r.action).sort()).toEqual([
      'staff.recoveryCode.use',
      'staff.recoveryCodes.regenerate',
    ]);
  });
});

describe('V6.3.5 / V16.3.1: sign-ins, failures, locks, recovery-code uses and session ends in the audit log', () => {
  test('the owner sees each event with the address it came from', async () => {
    const owner = await makeStaff(db, api, 'owner');
    const staff = await makeStaff(db, api, 'support');
    expect((await signIn(staff.email, 'wrong-password-1', '192.0.2.44')).status).toBe(401);
    const pending = staffCookieFrom(await signIn(staff.email, STAFF_PASSWORD, '192.0.2.45'));
    expect((await request('/api/admin/auth/code', jsonInit('POST', { code: '000000' }, pending), '192.0.2.45')).status).toBe(422);
    const cookie = await signInAgain(staff, '192.0.2.46');
    expect((await request('/api/admin/auth/logout', jsonInit('POST', {}, cookie), '192.0.2.46')).status).toBe(200);
    expect((await signIn('nobody-here@staff.test', 'wrong-password-1', '192.0.2.47')).status).toBe(401);
    const rows = async (query: string) =>
      (await json(`/api/admin/audit?${query}`, { headers: { cookie: owner.cookie } })).body.data.rows as any[];
    const mine = await rows(`action=staff.&subject_type=staff&subject_id=${staff.id}`);
    const seen = mine.map((r) => [r.action, r.clientAddress, r.after]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['staff.signIn.failed', '192.0.2.44', { step: 'password' }],
        ['staff.signIn.failed', '192.0.2.45', { step: 'code' }],
        ['staff.signIn', '192.0.2.46', { with: 'code' }],
        ['staff.session.end', '192.0.2.46', expect.objectContaining({ by: 'sign-out' })],
      ]),
    );
    expect(mine.filter((r) => r.action !== 'staff.invite').every((r) => r.staffEmail === staff.email)).toBe(true);
    const unknown = await rows('action=staff.signIn.failed&staff=nobody-here@staff.test');
    expect(unknown[0]).toMatchObject({ clientAddress: '192.0.2.47', staffRole: 'unknown' });
  });
});

describe('V6.3.1 / V6.3.2: a lock an attacker cannot turn against an operator', () => {
  test(
    'after 10 wrong passwords the e-mail is locked for the addresses that failed; the operator elsewhere still signs in with the password and a code',
    { timeout: 90_000 },
    async () => {
      const fresh = await testApi();
      try {
        const owner = await makeStaff(fresh.db, fresh.api, 'owner');
        const operator = await makeStaff(fresh.db, fresh.api, 'operations');
        const attempt = (password: string, from: string) =>
          fresh.api.request('/api/admin/auth/login', jsonInit('POST', { email: operator.email, password }), {
            clientAddress: from,
          });
        // Ten wrong passwords from a few addresses (each under its own limit).
        for (let i = 0; i < 10; i += 1) expect((await attempt('wrong-password-1', `192.0.2.${100 + (i % 4)}`)).status).toBe(401);
        // From an address that failed, even the right password is refused.
        expect((await attempt(STAFF_PASSWORD, '192.0.2.100')).status).toBe(429);
        expect((await attempt('wrong-password-1', '192.0.2.100')).status).toBe(429);
        // The operator, at the office's own address, signs in: the right password, then a valid code.
        const first = await attempt(STAFF_PASSWORD, '198.51.100.77');
        expect(first.status).toBe(200);
        nextStep();
        const code = await fresh.api.request(
          '/api/admin/auth/code',
          jsonInit('POST', { code: currentCode(operator.secret) }, staffCookieFrom(first)),
          { clientAddress: '198.51.100.77' },
        );
        expect(code.status).toBe(200);
        const log = await fresh.json(`/api/admin/audit?action=staff.signIn&subject_type=staff&subject_id=${operator.id}`, {
          headers: { cookie: owner.cookie },
        });
        const actions = log.body.data.rows.map((r: any) => r.action);
        expect(actions.filter((a: string) => a === 'staff.signIn.failed')).toHaveLength(10);
        expect(actions).toContain('staff.signIn.locked');
        expect(actions).toContain('staff.signIn.refused');
        expect(actions[0]).toBe('staff.signIn');
      } finally {
        await fresh.close();
      }
    },
  );
});

describe('V8.2: the owner rules at their edges', () => {
  test('two owners demoting each other at once leave one owner', { timeout: 90_000 }, async () => {
    for (let round = 0; round < 3; round += 1) {
      const fresh = await testApi();
      try {
        const a = await makeStaff(fresh.db, fresh.api, 'owner');
        const b = await makeStaff(fresh.db, fresh.api, 'owner');
        const actor = (m: { id: number; email: string }) => ({
          ...m,
          name: 'Owner',
          role: 'owner' as const,
          clientAddress: '192.0.2.1',
        });
        // Both transactions start together (the services, so neither request's session check goes first).
        const results = await Promise.allSettled([
          updateStaff(fresh.db, b.id, { role: 'support' }, actor(a)),
          updateStaff(fresh.db, a.id, { role: 'support' }, actor(b)),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ status: 409, code: 'admin.lastOwner' });
        const owners = await fresh.db
          .selectFrom('staff')
          .select('id')
          .where('role', '=', 'owner')
          .where('status', '=', 'active')
          .execute();
        expect(owners).toHaveLength(1);
      } finally {
        await fresh.close();
      }
    }
  });

  test("an invited member's status changes only through the invitation", async () => {
    const owner = await makeStaff(db, api, 'owner');
    const { staffId, token } = await inviteStaff(db, { email: 'pending@staff.test', name: 'Pending', role: 'support' }, null);
    const activate = await json(`/api/admin/staff/${staffId}`, jsonInit('PATCH', { status: 'active' }, owner.cookie));
    expect(activate.status).toBe(409);
    expect((await json(`/api/admin/staff/${staffId}`, jsonInit('PATCH', { status: 'disabled' }, owner.cookie))).status).toBe(409);
    // The invitation still works.
    expect((await json('/api/admin/auth/accept-invite', jsonInit('POST', { token, password: STAFF_PASSWORD }))).status).toBe(200);
  });

  test('an unknown product is a 404 on every desk route', async () => {
    const owner = await makeStaff(db, api, 'owner');
    const headers = { cookie: owner.cookie };
    expect((await json('/api/admin/products/999999/stock', { headers })).status).toBe(404);
    expect((await json('/api/admin/products/999999', { headers })).status).toBe(404);
    expect((await json('/api/admin/products/abc/stock', { headers })).status).toBe(404);
  });
});
