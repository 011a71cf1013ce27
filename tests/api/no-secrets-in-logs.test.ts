import { afterAll, expect, test, vi } from 'vitest';
import { testApi } from '../support/test-db.ts';
import { bearer, lastCode, newShopperInput } from '../support/accounts.ts';

const t = await testApi();
afterAll(() => t.close());

test('ASVS V16.2.5: no password, code or token reaches the server log during the account journeys (production mode)', async () => {
  vi.stubEnv('NODE_ENV', 'production');
  const lines: string[] = [];
  const capture = (...args: unknown[]) =>
    void lines.push(args.map((a) => (a instanceof Error ? a.stack : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation(capture));
  const secrets: string[] = [];
  try {
    const input = newShopperInput();
    secrets.push(input.password);
    const reg = await t.post('/api/auth/register', input);
    const phone = reg.body.data.phone;
    const code = await lastCode(t.db, phone);
    secrets.push(code);
    await t.post('/api/auth/verify-otp', { phone, code: code === '000000' ? '111111' : '000000' });
    const verified = await t.post('/api/auth/verify-otp', { phone, code });
    secrets.push(verified.body.data.access_token, verified.body.data.refresh_token);
    for (let i = 0; i < 11; i++) await t.post('/api/auth/login', { login: input.email, password: `wrong-${i}-password` });
    await t.db.deleteFrom('rate_limits').execute();
    const login = await t.post('/api/auth/login', { login: phone, password: input.password });
    secrets.push(login.body.data.refresh_token);
    const rotated = await t.post('/api/auth/refresh', { refresh_token: login.body.data.refresh_token });
    await t.post('/api/auth/refresh', { refresh_token: login.body.data.refresh_token });
    secrets.push(rotated.body.data.refresh_token);
    await t.post('/api/auth/forget-password', { phone });
    const resetCode = await lastCode(t.db, phone);
    secrets.push(resetCode, 'another long phrase');
    await t.post('/api/auth/reset-password', {
      phone,
      code: resetCode,
      password: 'another long phrase',
      password_confirmation: 'another long phrase',
    });
    await t.json('/api/auth/me', { headers: bearer(verified.body.data.access_token) });
    await t.post('/api/auth/logout', { refresh_token: rotated.body.data.refresh_token });
  } finally {
    spies.forEach((s) => s.mockRestore());
    vi.unstubAllEnvs();
  }
  const log = lines.join('\n');
  for (const secret of secrets) expect(log).not.toContain(secret);
  // And no 6-digit run at all (codes), nor anything shaped like a JWT.
  expect(log).not.toMatch(/\b\d{6}\b/);
  expect(log).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
});
