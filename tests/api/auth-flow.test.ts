import { afterAll, describe, expect, test } from 'vitest';
import { CODE_ATTEMPTS } from '../../src/server/auth/otp.ts';
import { REUSE_GRACE_SECONDS } from '../../src/server/auth/refresh-tokens.ts';
import { testApi } from '../support/test-db.ts';
import { bearer, lastCode, newShopperInput, registeredShopper } from '../support/accounts.ts';

const t = await testApi();
afterAll(() => t.close());

const me = (token: string) => t.json('/api/auth/me', { headers: bearer(token) });

describe('sign-up, code, login, me, refresh, reuse, logout', () => {
  test('ASVS V6.4.1/V7.2.4/V7.4.1: the whole journey, and a reused refresh token revokes its family', async () => {
    const input = newShopperInput({ phone: '+20 10 5555 0001' });
    const reg = await t.post('/api/auth/register', input);
    expect(reg.status).toBe(201);
    expect(reg.body.message).toBe('Code sent to your phone number');
    expect(reg.body.data.phone).toBe('+201055550001');

    // Not verified yet: no login.
    const early = await t.post('/api/auth/login', { login: input.email, password: input.password });
    expect(early.status).toBe(403);

    const code = await lastCode(t.db, '+201055550001');
    const verified = await t.post('/api/auth/verify-otp', { phone: '01055550001', code });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Your account has been created');
    expect(verified.body.data.expires_in).toBe(3600);
    expect(verified.body.data.refresh_expires_in).toBe(2592000);

    const login = await t.post('/api/auth/login', { login: '٠١٠٥٥٥٥٠٠٠١', password: input.password });
    expect(login.status).toBe(200);
    const { access_token, refresh_token } = login.body.data;
    expect(typeof access_token).toBe('string');
    expect(typeof refresh_token).toBe('string');

    const who = await me(access_token);
    expect(who.body.data).toMatchObject({ first_name: 'Mona', email: input.email, phone: '+201055550001' });
    expect(JSON.stringify(who.body)).not.toContain('argon2');

    const rotated = await t.post('/api/auth/refresh', { refresh_token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.refresh_token).not.toBe(refresh_token);
    expect((await me(rotated.body.data.access_token)).status).toBe(200);

    // The old token again, past the grace window of a lost answer: a replay. The family (including the new token) is revoked.
    await t.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - (REUSE_GRACE_SECONDS + 1) * 1000).toISOString() })
      .where('used_at', 'is not', null)
      .execute();
    const replay = await t.post('/api/auth/refresh', { refresh_token });
    expect(replay.status).toBe(401);
    expect((await t.post('/api/auth/refresh', { refresh_token: rotated.body.data.refresh_token })).status).toBe(401);
    expect((await me(rotated.body.data.access_token)).status).toBe(401);

    // Logout revokes on the server: the refresh token and the session's access token stop working.
    const again = await t.post('/api/auth/login', { login: input.email, password: input.password });
    const out = await t.post('/api/auth/logout', { refresh_token: again.body.data.refresh_token });
    expect(out.status).toBe(200);
    expect((await t.post('/api/auth/refresh', { refresh_token: again.body.data.refresh_token })).status).toBe(401);
    expect((await me(again.body.data.access_token)).status).toBe(401);
  });

  test('ASVS V3.3.1/V7.2.1: the web client gets the refresh token as an HttpOnly SameSite=Strict cookie on /api/auth', async () => {
    const s = await registeredShopper(t);
    const res = await t.api.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: s.input.email, password: s.input.password }),
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^bb_refresh=[\w-]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    const token = /bb_refresh=([\w-]+)/.exec(cookie)![1]!;
    // The cookie alone refreshes (no body token), and the refresh answer carries the shopper.
    const refreshed = await t.json('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `bb_refresh=${token}` },
      body: '{}',
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.user.id).toBe(s.id);
  });
});

describe('codes', () => {
  test('ASVS V6.6.3: a wrong code is "Invalid Code"; after 5 wrong tries even the right one is refused', async () => {
    const input = newShopperInput();
    const reg = await t.post('/api/auth/register', input);
    const phone = reg.body.data.phone;
    const right = await lastCode(t.db, phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_ATTEMPTS; i++) {
      const r = await t.post('/api/auth/verify-otp?lang=ar-SA', { phone, code: wrong });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('رمز غير صحيح');
    }
    const late = await t.post('/api/auth/verify-otp', { phone, code: right });
    expect(late.status).toBe(429);
    expect(late.body.message).toBe('Too many wrong codes. Ask for a new one.');
  });

  test('ASVS V6.6.2: an expired code (over 10 minutes) is refused', async () => {
    const reg = await t.post('/api/auth/register', newShopperInput());
    const phone = reg.body.data.phone;
    const code = await lastCode(t.db, phone);
    await t.db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', phone)
      .execute();
    const r = await t.post('/api/auth/verify-otp', { phone, code });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('This code has expired. Ask for a new one.');
  });

  test('ASVS V6.6.3: a new code only after the cool-down (429 + Retry-After); then the old code is dead', async () => {
    const reg = await t.post('/api/auth/register', newShopperInput());
    const phone = reg.body.data.phone;
    const first = await lastCode(t.db, phone);
    const soon = await t.api.request('/api/auth/resend-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, purpose: 'signup' }),
    });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    await t.db
      .updateTable('otp_codes')
      .set({ sent_at: new Date(Date.now() - 61_000).toISOString() })
      .where('phone', '=', phone)
      .execute();
    const later = await t.post('/api/auth/resend-code', { phone, purpose: 'signup' });
    expect(later.status).toBe(200);
    expect(later.body.message).toBe('Code sent to your phone number');
    const second = await lastCode(t.db, phone);
    if (second !== first) expect((await t.post('/api/auth/verify-otp', { phone, code: first })).status).toBe(422);
    expect((await t.post('/api/auth/verify-otp', { phone, code: second })).status).toBe(200);
  });
});

describe('sign-up validation', () => {
  test('ASVS V6.2.1/V6.2.4/V6.2.9: short, common and mismatched passwords are refused; 64+ characters accepted', async () => {
    const short = await t.post('/api/auth/register', newShopperInput({ password: 'abc123', password_confirmation: 'abc123' }));
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(['Must be at least 8 characters']);
    const common = await t.post(
      '/api/auth/register',
      newShopperInput({ password: 'Password1', password_confirmation: 'Password1' }),
    );
    expect(common.body.errors.password).toEqual(['This password is too common. Choose a less predictable one.']);
    const mismatch = await t.post('/api/auth/register', newShopperInput({ password_confirmation: 'something-else-entirely' }));
    expect(mismatch.body.errors.password_confirmation).toEqual(['The passwords do not match']);
    const long = 'ب'.repeat(40) + ' coffee is a long phrase ' + 'x'.repeat(40);
    expect((await t.post('/api/auth/register', newShopperInput({ password: long, password_confirmation: long }))).status).toBe(
      201,
    );
  });

  test.each(['0223456789', '+14155552671', '01312345678', '0101234567', 'not a phone', '+2010123456789'])(
    'the malformed or non-mobile number %s gets a localized field message',
    async (phone) => {
      const r = await t.post('/api/auth/register?lang=ar-SA', newShopperInput({ phone }));
      expect(r.status).toBe(422);
      expect(r.body.errors.phone).toEqual(['أدخل رقم موبايل مصريًا، مثل 01012345678']);
    },
  );

  test.each([
    ['01x', '01122233344', '+201122233344'],
    ['+20', '+201222333444', '+201222333444'],
    ['0020', '00201522233344', '+201522233344'],
    ['spaces', '010 2223 3344', '+201022233344'],
    ['Arabic-Indic digits', '٠١٠٢٢٢٣٣٣٥٥', '+201022233355'],
  ])('a number typed with %s is stored in E.164', async (_form, phone, e164) => {
    const r = await t.post('/api/auth/register', newShopperInput({ phone }));
    expect(r.status).toBe(201);
    expect(r.body.data.phone).toBe(e164);
  });

  test('ASVS V6.4: a verified e-mail or mobile cannot sign up twice; an unfinished sign-up is replaced', async () => {
    const s = await registeredShopper(t);
    const dupEmail = await t.post('/api/auth/register', newShopperInput({ email: s.input.email.toUpperCase() }));
    expect(dupEmail.status).toBe(422);
    expect(dupEmail.body.errors.email).toEqual(['This e-mail address already has an account']);
    const dupPhone = await t.post('/api/auth/register', newShopperInput({ phone: s.phone }));
    expect(dupPhone.body.errors.phone).toEqual(['This mobile number already has an account']);
    const pending = newShopperInput();
    expect((await t.post('/api/auth/register', pending)).status).toBe(201);
    await t.db.updateTable('otp_codes').set({ sent_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await t.post('/api/auth/register', { ...pending, first_name: 'Again' })).status).toBe(201);
  });

  test('ASVS V11.4.2: the password is stored as argon2id with OWASP parameters', async () => {
    const s = await registeredShopper(t);
    const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(s.input.password);
  });
});

test('two sign-ups racing for one e-mail: one account, the other gets a 422 (never a 500)', async () => {
  const a = newShopperInput();
  const b = newShopperInput({ email: a.email });
  const results = await Promise.all([t.post('/api/auth/register', a), t.post('/api/auth/register', b)]);
  expect(results.map((r) => r.status).every((s) => s === 201 || s === 422)).toBe(true);
  expect(await t.db.selectFrom('users').select('id').where('email', '=', a.email).execute()).toHaveLength(1);
});

test('a profile e-mail change to an address a verified shopper holds is a 422', async () => {
  const a = await registeredShopper(t);
  const b = await registeredShopper(t);
  const r = await t.json('/api/auth/updateProfile', {
    method: 'POST',
    headers: { ...b.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: a.input.email }),
  });
  expect(r.status).toBe(422);
  expect(r.body.errors.email).toEqual(['This e-mail address already has an account']);
});

test('ASVS V7.2.4: a refresh answer lost to a navigation is recovered within 15 s; its unused successor is dead, and presenting that one ends the family', async () => {
  const s = await registeredShopper(t);
  const lost = await t.post('/api/auth/refresh', { refresh_token: s.refresh_token });
  expect(lost.status).toBe(200);
  // The browser never stored `lost`: it presents the old token again.
  const again = await t.post('/api/auth/refresh', { refresh_token: s.refresh_token });
  expect(again.status).toBe(200);
  expect((await t.json('/api/auth/me', { headers: bearer(again.body.data.access_token) })).status).toBe(200);
  // Once the new token is used, the old one is a plain replay.
  const next = await t.post('/api/auth/refresh', { refresh_token: again.body.data.refresh_token });
  expect(next.status).toBe(200);
  expect((await t.post('/api/auth/refresh', { refresh_token: s.refresh_token })).status).toBe(401);
  expect((await t.post('/api/auth/refresh', { refresh_token: next.body.data.refresh_token })).status).toBe(401);
});

test('ASVS V7.2.4: the revoked successor of a recovered answer, presented later, revokes the family', async () => {
  const s = await registeredShopper(t);
  const lost = await t.post('/api/auth/refresh', { refresh_token: s.refresh_token });
  const again = await t.post('/api/auth/refresh', { refresh_token: s.refresh_token });
  expect((await t.post('/api/auth/refresh', { refresh_token: lost.body.data.refresh_token })).status).toBe(401);
  expect((await t.post('/api/auth/refresh', { refresh_token: again.body.data.refresh_token })).status).toBe(401);
});
