import { afterAll, describe, expect, test, vi } from 'vitest';
import { inviteStaff } from '../../src/desk/staff/server/staff-accounts.ts';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import { makeShopper } from '../support/shoppers.ts';
import { jsonInit, makeStaff, STAFF_PASSWORD, staffCookieFrom } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

const { api, db, json, close } = await testApi();
afterAll(close);

const signIn = async (email: string, password = STAFF_PASSWORD) =>
  api.request('/api/admin/auth/login', jsonInit('POST', { email, password }));

describe('staff sign-in (password, then a second factor)', () => {
  test('an invited member sets a password, enrols TOTP, gets ten recovery codes and reaches the desk', async () => {
    const staff = await makeStaff(db, api, 'operations');
    expect(staff.recoveryCodes).toHaveLength(10);
    const me = await json('/api/admin/me', { headers: staff.headers });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: staff.email, role: 'operations' });
    expect(me.body.data.permissions).toContain('orders.work');
    expect(me.body.data.permissions).not.toContain('staff.manage');
  });

  test('a password alone does not open the desk; the current code does, once', async () => {
    const staff = await makeStaff(db, api, 'support');
    const first = await signIn(staff.email);
    expect(first.status).toBe(200);
    expect(((await first.json()) as any).data.next).toBe('code');
    const cookie = staffCookieFrom(first);
    expect((await json('/api/admin/me', { headers: { cookie } })).status).toBe(401);
    // The code of the enrolment's time step was used: wait for the next step's code rather than replay it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    try {
      const code = currentCode(staff.secret);
      const ok = await api.request('/api/admin/auth/code', jsonInit('POST', { code }, cookie));
      expect(ok.status).toBe(200);
      // V7.2.4: the second factor renews the token; the password step's one opens nothing.
      const signedIn = staffCookieFrom(ok);
      expect(signedIn).not.toBe(cookie);
      expect((await json('/api/admin/me', { headers: { cookie: signedIn } })).status).toBe(200);
      expect((await json('/api/admin/me', { headers: { cookie } })).status).toBe(401);
      // The same code in another sign-in is a replay: refused.
      const again = staffCookieFrom(await signIn(staff.email));
      const replay = await json('/api/admin/auth/code', jsonInit('POST', { code }, again));
      expect(replay.status).toBe(422);
      expect(replay.body.errors.code[0]).toMatch(/not right/);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a recovery code opens the desk once', async () => {
    const staff = await makeStaff(db, api, 'finance');
    const recovery = staff.recoveryCodes[0]!;
    const cookie = staffCookieFrom(await signIn(staff.email));
    expect((await json('/api/admin/auth/code', jsonInit('POST', { recovery_code: recovery.toUpperCase() }, cookie))).status).toBe(
      200,
    );
    const second = staffCookieFrom(await signIn(staff.email));
    const reused = await json('/api/admin/auth/code', jsonInit('POST', { recovery_code: recovery }, second));
    expect(reused.status).toBe(422);
  });

  test('a wrong password and an unknown e-mail get the same answer, in the reader language', async () => {
    const staff = await makeStaff(db, api, 'support');
    const wrong = await json(
      '/api/admin/auth/login?lang=ar-SA',
      jsonInit('POST', { email: staff.email, password: 'nope-nope-nope' }),
    );
    const unknown = await json(
      '/api/admin/auth/login?lang=ar-SA',
      jsonInit('POST', { email: 'nobody@staff.test', password: 'nope-nope-nope' }),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
  });

  test('a session ends after the idle timeout', async () => {
    const staff = await makeStaff(db, api, 'support');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000 });
    try {
      expect((await json('/api/admin/me', { headers: staff.headers })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  test('sign-out ends the session on the server', async () => {
    const staff = await makeStaff(db, api, 'support');
    await json('/api/admin/auth/logout', jsonInit('POST', {}, staff.cookie));
    expect((await json('/api/admin/me', { headers: staff.headers })).status).toBe(401);
  });

  test("a shopper's bearer token opens no admin route", async () => {
    const shopper = await makeShopper(db);
    expect((await json('/api/admin/me', { headers: shopper.headers })).status).toBe(401);
  });

  test('an invitation works once; an expired or used one says so', async () => {
    const { token } = await inviteStaff(db, { email: 'once@staff.test', name: 'Once', role: 'support' }, null);
    expect((await json('/api/admin/auth/accept-invite', jsonInit('POST', { token, password: STAFF_PASSWORD }))).status).toBe(200);
    const again = await json('/api/admin/auth/accept-invite', jsonInit('POST', { token, password: STAFF_PASSWORD }));
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/expired or was already used/);
  });

  test('a foreign origin is refused', async () => {
    const staff = await makeStaff(db, api, 'owner');
    const res = await json('/api/admin/staff', {
      method: 'POST',
      headers: { ...staff.headers, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@staff.test', name: 'X', role: 'owner' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('the audit log', () => {
  test('the owner invites a member: the log shows who, what and from where; nobody can change it', async () => {
    const owner = await makeStaff(db, api, 'owner');
    const res = await json(
      '/api/admin/staff',
      jsonInit('POST', { email: 'new.op@staff.test', name: 'New Op', role: 'operations' }, owner.cookie),
      '198.51.100.7',
    );
    expect(res.status).toBe(201);
    expect(res.body.data.invite_link).toMatch(/\/en\/admin\/accept-invite\?token=/);
    const log = await json('/api/admin/audit?action=staff.invite', { headers: owner.headers });
    const entry = log.body.data.rows.find((r: any) => r.after?.email === 'new.op@staff.test');
    expect(entry).toMatchObject({
      staffEmail: owner.email,
      staffRole: 'owner',
      clientAddress: '198.51.100.7',
      subjectType: 'staff',
    });
    await expect(db.updateTable('audit_log').set({ reason: 'edited' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });

  test('the last owner cannot be demoted', async () => {
    const fresh = await testApi();
    try {
      const owner = await makeStaff(fresh.db, fresh.api, 'owner');
      const res = await fresh.json(`/api/admin/staff/${owner.id}`, jsonInit('PATCH', { role: 'support' }, owner.cookie));
      expect(res.status).toBe(409);
    } finally {
      await fresh.close();
    }
  });
});

describe('a member who lost their phone', () => {
  test('is disabled, then invited again: the old password and factor stop working, the new link starts over', async () => {
    const owner = await makeStaff(db, api, 'owner');
    const lost = await makeStaff(db, api, 'support');
    expect((await json(`/api/admin/staff/${lost.id}`, jsonInit('PATCH', { status: 'disabled' }, owner.cookie))).status).toBe(200);
    expect((await json('/api/admin/me', { headers: lost.headers })).status).toBe(401);
    const again = await json(
      '/api/admin/staff',
      jsonInit('POST', { email: lost.email, name: 'Back again', role: 'support' }, owner.cookie),
    );
    expect(again.status).toBe(201);
    expect((await signIn(lost.email)).status).toBe(401);
    const active = await json(
      '/api/admin/staff',
      jsonInit('POST', { email: owner.email, name: 'Owner', role: 'owner' }, owner.cookie),
    );
    expect(active.status).toBe(409);
  });
});

describe('sign-in limits', () => {
  // 25 argon2 hashes: slow on a busy machine.
  test(
    'a shared office address is not locked out by successful sign-ins; wrong passwords are limited',
    { timeout: 90_000 },
    async () => {
      const fresh = await testApi();
      try {
        const office = '198.51.100.200';
        for (let i = 0; i < 12; i += 1) await makeStaffFrom(fresh, office);
        const staff = await makeStaff(fresh.db, fresh.api, 'support');
        let last = 0;
        for (let i = 0; i < 11; i += 1)
          last = (
            await fresh.json(
              '/api/admin/auth/login',
              jsonInit('POST', { email: staff.email, password: 'wrong-wrong-wrong' }),
              office,
            )
          ).status;
        expect(last).toBe(429);
      } finally {
        await fresh.close();
      }
    },
  );
});

/** A member who signs in from `address` with the right password (the slot is given back). */
async function makeStaffFrom(target: Awaited<ReturnType<typeof testApi>>, address: string) {
  const staff = await makeStaff(target.db, target.api, 'support');
  const res = await target.json(
    '/api/admin/auth/login',
    jsonInit('POST', { email: staff.email, password: STAFF_PASSWORD }),
    address,
  );
  expect(res.status).toBe(200);
}
