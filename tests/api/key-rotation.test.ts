import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { currentCode } from '../../src/core/second-factor/server/totp.ts';
import { STAFF_REALM } from '../../src/core/actors/server/staff-sessions.ts';
import { SELLER_REALM } from '../../src/core/actors/server/seller-sessions.ts';
import { currentKeyId } from '../../src/server/auth/secret-box.ts';
import { secretCensus } from '../../src/core/second-factor/server/sign-in/reseal.ts';
import { shopOnFile } from '../support/backups.ts';
import { makeSeller, sellerCookieFrom, signInSellerMember } from '../support/seller.ts';
import { jsonInit, makeStaff, STAFF_PASSWORD, staffCookieFrom } from '../support/staff.ts';

/**
 * Issue 50: a key rotation that finishes. Members enrolled under K1; STAFF_SECRET_KEY=K2 with K1 retired; `npm run
 * staff -- reseal` brings every secret and recovery code under K2; then K2 alone: every member, staff and seller,
 * signs in with an authenticator code and with a recovery code, and nothing answers 5xx. A secret under a key the shop
 * no longer has is a 409 that says what to do, in both languages.
 */
const onPostgres = Boolean(process.env['DATABASE_URL']);
vi.spyOn(console, 'info').mockImplementation(() => undefined);

const K1 = 'the-first-staff-secret-key-of-this-shop-0001';
const K2 = 'the-second-staff-secret-key-of-this-shop-0002';
const K3 = 'a-third-key-nobody-rotated-the-secrets-into-03';
const saved = { key: process.env['STAFF_SECRET_KEY'], old: process.env['STAFF_SECRET_KEYS_OLD'] };
function useKeys(current: string, old?: string) {
  process.env['STAFF_SECRET_KEY'] = current;
  if (old) process.env['STAFF_SECRET_KEYS_OLD'] = old;
  else delete process.env['STAFF_SECRET_KEYS_OLD'];
}
useKeys(K1);
const shop = onPostgres ? undefined : await shopOnFile();
afterAll(async () => {
  for (const [name, value] of [
    ['STAFF_SECRET_KEY', saved.key],
    ['STAFF_SECRET_KEYS_OLD', saved.old],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await shop?.db.destroy();
  shop?.remove();
});
afterEach(() => vi.useRealTimers());

type Member = { email: string; secret: string; recoveryCodes?: string[] };
const SIDES = {
  staff: { path: '/api/admin/auth', cookieOf: staffCookieFrom },
  seller: { path: '/api/seller/auth', cookieOf: sellerCookieFrom },
} as const;
const statuses: number[] = [];

/** Password, then a code (or a recovery code): the answer of the second step. */
async function signIn(
  side: keyof typeof SIDES,
  member: Member,
  second: { code?: string; recovery_code?: string },
  lang = 'en-US',
) {
  const { path, cookieOf } = SIDES[side];
  const from = { clientAddress: `192.0.2.${(statuses.length % 250) + 1}` };
  const api = (url: string, init: RequestInit) => shop!.api.request(`${url}?lang=${lang}`, init, from);
  const first = await api(`${path}/login`, jsonInit('POST', { email: member.email, password: STAFF_PASSWORD }));
  statuses.push(first.status);
  expect(first.status).toBe(200);
  const answer = await api(`${path}/code`, jsonInit('POST', second, cookieOf(first)));
  statuses.push(answer.status);
  return { status: answer.status, body: (await answer.json()) as any };
}

/** The CLI as an operator runs it, on the shop's file, with the keys of the moment. */
const reseal = () =>
  spawnSync(process.execPath, ['scripts/staff.mjs', 'reseal'], {
    env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: shop!.where.sqlitePath },
    encoding: 'utf8',
  });

describe.skipIf(onPostgres)('key rotation that finishes', () => {
  test('K1 → K2 with reseal, then K2 alone: every member signs in (staff and sellers), 0 × 5xx', async () => {
    const { db, api: app } = shop!;
    const k1 = currentKeyId();
    const staff = [await makeStaff(db, app, 'owner'), await makeStaff(db, app, 'finance')];
    const sellerId = await makeSeller(db);
    const sellers = [
      await signInSellerMember(db, app, sellerId, 'owner'),
      await signInSellerMember(db, app, sellerId, 'catalog'),
    ];
    const recoveryOf = new Map(staff.map((m) => [m.email, m.recoveryCodes[0]!]));

    useKeys(K2, K1);
    const k2 = currentKeyId();
    // What the start-up log warns about while a rotation is unfinished.
    const realms = [STAFF_REALM, SELLER_REALM];
    expect((await secretCensus(db, realms)).retired).toEqual({ [k1]: 44 });
    const run = reseal();
    expect(run.status, run.stderr).toBe(0);
    // Four authenticator secrets and ten recovery codes each.
    expect(run.stdout).toContain(`Re-sealed 44 second-factor secret(s) and recovery code(s) under STAFF_SECRET_KEY (key ${k2})`);
    expect(run.stdout).toContain(`retired key ${k1} (STAFF_SECRET_KEYS_OLD #1): 0 remain`);
    expect(run.stdout).toContain('None remain under a retired key');
    expect(reseal().stdout).toContain('Re-sealed 0 ');
    expect((await secretCensus(db, realms)).retired).toEqual({});

    useKeys(K2);
    // The enrolment's own time step was spent: sign in with the next step's codes.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    for (const member of staff) expect((await signIn('staff', member, { code: currentCode(member.secret) })).status).toBe(200);
    for (const member of sellers) expect((await signIn('seller', member, { code: currentCode(member.secret) })).status).toBe(200);
    for (const member of staff)
      expect((await signIn('staff', member, { recovery_code: recoveryOf.get(member.email)! })).status).toBe(200);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  }, 180_000);

  test('a secret under a key the shop no longer has: 409 "ask an owner to reset your authenticator", both languages', async () => {
    useKeys(K2);
    const member = await makeStaff(shop!.db, shop!.api, 'support');
    const sellerMember = await signInSellerMember(shop!.db, shop!.api, await makeSeller(shop!.db), 'orders');
    useKeys(K3);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    const en = await signIn('staff', member, { code: currentCode(member.secret) });
    expect(en.status).toBe(409);
    expect(en.body.message).toMatch(/Ask an owner to reset your authenticator/);
    const ar = await signIn('seller', sellerMember, { code: currentCode(sellerMember.secret) }, 'ar-SA');
    expect(ar.status).toBe(409);
    expect(ar.body.message).toMatch(/اطلب من المالك يعيد ضبط تطبيق المصادقة/);
    // The operator is told which key the remaining secrets need.
    const run = reseal();
    expect(run.stdout).toMatch(/unknown key [0-9a-f]{8} \(in no setting\): \d+ remain/);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  }, 120_000);
});
