import { afterAll, expect, test, vi } from 'vitest';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import { redirectLog } from '../../src/server/observability/logger.ts';
import { usePaymentGateways } from '../../src/server/payments/gateways.ts';
import { sandboxCallback } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway.ts';
import { bearer, lastCode, newShopperInput } from '../support/accounts.ts';
import { makeAddress, makeProduct, placeOrder, send } from '../support/orders.ts';
import { stubKeys, useStubGateways } from '../support/payment-stub.ts';
import { serveApp } from '../support/serve-app.ts';
import { makeShopper } from '../support/shoppers.ts';
import { makeStaff, STAFF_PASSWORD, staffCookieFrom } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * ASVS V16.2.5 (issue 36): the journeys that handle passwords, SMS codes, tokens, authenticator secrets and payment
 * signatures, served the way the shop serves them (one request log line each: src/server/http/request-log.ts), with
 * every log line (pino's and the console's) kept; none of the secret values may appear in them.
 */
const logLevel = process.env['LOG_LEVEL'];
process.env['LOG_LEVEL'] = 'debug';
const t = await testApi();
const stub = await serveApp(createSandboxGateway({ keys: stubKeys, publicPath: '' }));
useStubGateways(stub.base);
let from = 0;
const shop = await serveApp(t.api, { observe: true, env: () => ({ clientAddress: `198.18.9.${(from += 1) % 250}` }) });
afterAll(async () => {
  // The API tests share a worker's modules and environment (vitest.config.ts): the next file logs as before.
  if (logLevel === undefined) delete process.env['LOG_LEVEL'];
  else process.env['LOG_LEVEL'] = logLevel;
  usePaymentGateways(undefined);
  await Promise.all([shop.close(), stub.close()]);
  await t.close();
});

let requests = 0;
const call = (path: string, init?: RequestInit) => {
  requests += 1;
  return fetch(shop.base + path, init);
};
const json = async (path: string, init?: RequestInit) => {
  const res = await call(path, init);
  return { status: res.status, body: (await res.json()) as any, res };
};
const post = (path: string, payload: unknown, headers: Record<string, string> = {}) => json(path, send('POST', headers, payload));
/** The API as makeStaff drives it, through the observed server. */
const viaServer = { request: (path: string, init?: RequestInit) => call(path, init) } as never;

test('no password, SMS code, token, authenticator secret or payment signature reaches the log (production mode)', async () => {
  vi.stubEnv('NODE_ENV', 'production');
  const lines: string[] = [];
  const stopCapture = redirectLog((line) => void lines.push(line));
  const capture = (...args: unknown[]) =>
    void lines.push(args.map((a) => (a instanceof Error ? a.stack : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation(capture));
  const secrets: string[] = [];
  let staffId = 0;
  let shopperId = 0;
  try {
    // A shopper signs up, verifies the SMS code, logs in (wrongly, until refused, then rightly), renews the session,
    // resets the password with a second code and logs out.
    const input = newShopperInput();
    secrets.push(input.password);
    const reg = await post('/api/auth/register', input);
    expect(reg.status).toBe(201);
    const phone = reg.body.data.phone;
    const code = await lastCode(t.db, phone);
    secrets.push(code);
    await post('/api/auth/verify-otp', { phone, code: code === '000000' ? '111111' : '000000' });
    const verified = await post('/api/auth/verify-otp', { phone, code });
    secrets.push(verified.body.data.access_token, verified.body.data.refresh_token);
    shopperId = verified.body.data.user.id;
    expect((await json('/api/auth/me', { headers: bearer(verified.body.data.access_token) })).status).toBe(200);
    for (let i = 0; i < 11; i++) await post('/api/auth/login', { login: input.email, password: `wrong-${i}-password` });
    await t.db.deleteFrom('rate_limits').execute();
    const login = await post('/api/auth/login', { login: phone, password: input.password });
    secrets.push(login.body.data.refresh_token);
    const rotated = await post('/api/auth/refresh', { refresh_token: login.body.data.refresh_token });
    await post('/api/auth/refresh', { refresh_token: login.body.data.refresh_token });
    secrets.push(rotated.body.data.refresh_token);
    await post('/api/auth/forget-password', { phone });
    const resetCode = await lastCode(t.db, phone);
    secrets.push(resetCode, 'another long phrase');
    await post('/api/auth/reset-password', {
      phone,
      code: resetCode,
      password: 'another long phrase',
      password_confirmation: 'another long phrase',
    });
    await post('/api/auth/logout', { refresh_token: rotated.body.data.refresh_token });

    // A staff member accepts the invitation, enrols the authenticator, signs out, and signs in again: password and
    // code, then once with a recovery code; and works the desk.
    const staff = await makeStaff(t.db, viaServer, 'owner');
    staffId = staff.id;
    secrets.push(STAFF_PASSWORD, staff.secret, ...staff.recoveryCodes, staff.cookie.split('=')[1]!);
    await json('/api/admin/orders', { headers: staff.headers });
    await call('/api/admin/auth/logout', { method: 'POST', headers: staff.headers });
    const signIn = async (second: Record<string, string>) => {
      const password = await call('/api/admin/auth/login', send('POST', {}, { email: staff.email, password: STAFF_PASSWORD }));
      const cookie = staffCookieFrom(password);
      secrets.push(cookie.split('=')[1]!, ...Object.values(second));
      const signed = await call('/api/admin/auth/code', send('POST', { cookie }, second));
      expect(signed.status).toBe(200);
      return staffCookieFrom(signed);
    };
    // The enrolment used this time step's code: sign in with the next step's (a replay would be refused).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    const desk = await signIn({ code: currentCode(staff.secret) });
    secrets.push(desk.split('=')[1]!);
    expect((await json('/api/admin/orders', { headers: { cookie: desk } })).status).toBe(200);
    await call('/api/admin/auth/logout', { method: 'POST', headers: { cookie: desk } });
    await signIn({ recovery_code: staff.recoveryCodes[0]! });
    vi.useRealTimers();

    // A shopper pays an order by card: the provider is asked with the merchant's server key and calls back signed.
    const payer = await makeShopper(t.db);
    secrets.push(payer.token, stubKeys.paytabsServerKey);
    const productId = await makeProduct(t.db, { price: 30000, stock: 5, before_discount: null });
    const address = await makeAddress(t.db, payer.id);
    await json('/api/shopping-cart', send('POST', payer.headers, { products: [{ product_id: productId, quantity: 1 }] }));
    const placed = await placeOrder(json, payer, productId, { address_id: address.id, payment_method: 'card' });
    expect(placed.status).toBe(201);
    expect((await post('/api/payments/paytabs', { order_id: placed.body.data.id }, payer.headers)).status).toBe(201);
    const payment = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', placed.body.data.id)
      .executeTakeFirstOrThrow();
    const callback = sandboxCallback(
      { ...payment, protocol: 'paytabs', tranRef: payment.tran_ref, callbackUrl: '', returnUrl: '', cancelUrl: null, lang: 'en' },
      'approve',
      stubKeys,
    );
    secrets.push(...Object.values(callback.headers).filter((value) => value.length >= 16));
    const paid = await call('/api/payments/paytabs/callback', { method: 'POST', headers: callback.headers, body: callback.body });
    expect(paid.status).toBe(200);
    // Every request wrote its line (the server logs after the answer is sent).
    await vi.waitFor(() => expect(lines.filter((l) => l.includes('"msg":"request"'))).toHaveLength(requests));
  } finally {
    stopCapture();
    vi.useRealTimers();
    spies.forEach((s) => s.mockRestore());
    vi.unstubAllEnvs();
  }
  const log = lines.join('\n');
  // The journeys were logged, by route template and requester...
  const entries = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(entries).toContainEqual(expect.objectContaining({ msg: 'request', route: '/api/auth/login', status: 401 }));
  expect(entries).toContainEqual(expect.objectContaining({ msg: 'request', route: '/api/auth/me', shopper_id: shopperId }));
  expect(entries).toContainEqual(expect.objectContaining({ msg: 'request', route: '/api/admin/orders', staff_id: staffId }));
  expect(entries).toContainEqual(expect.objectContaining({ route: '/api/payments/:provider/callback', status: 200 }));
  // ...and no secret is in any line.
  for (const secret of secrets) expect(log).not.toContain(secret);
  // No 6-digit run at all (codes), nor anything shaped like a JWT.
  expect(log).not.toMatch(/\b\d{6}\b/);
  expect(log).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
});
