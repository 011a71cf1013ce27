import { Hono } from 'hono';
import { afterAll, expect, test } from 'vitest';
import { requireUser } from '../../src/server/api/require-user.ts';
import type { ApiEnv } from '../../src/server/api/context.ts';
import { handleError } from '../../src/server/api/errors.ts';
import { dictionary } from '../../src/i18n/t.ts';
import { signAccessToken } from '../../src/server/auth/access-token.ts';
import { freshDatabase } from '../support/test-db.ts';
import { makeShopper } from '../support/shoppers.ts';

const database = await freshDatabase();
afterAll(() => database.drop());

const app = new Hono<ApiEnv>();
app.use(async (c, next) => {
  c.set('t', dictionary('ar'));
  // Every token names its session, which requireUser looks up.
  c.set('db', database.db);
  await next();
});
app.get('/mine', requireUser, (c) => c.json({ data: { userId: c.get('userId') } }));
// requireUser refuses with a Problem, which the API's one error handler answers.
app.onError(handleError);

test('ASVS V7.2.1: a valid bearer token names its shopper; anything else is a localized 401', async () => {
  const shopper = await makeShopper(database.db);
  const ok = await app.request('/mine', { headers: shopper.headers });
  expect(await ok.json()).toEqual({ data: { userId: shopper.id } });

  for (const header of [undefined, 'Bearer', 'Bearer not.a.jwt', `Basic ${shopper.token}`, `Bearer ${shopper.token}x`]) {
    const res = await app.request('/mine', header ? { headers: { authorization: header } } : {});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(((await res.json()) as { message: string }).message).toBe('يرجى تسجيل الدخول للمتابعة.');
  }
});

test('a token for a non-positive user id is refused', async () => {
  const res = await app.request('/mine', { headers: { authorization: `Bearer ${await signAccessToken(0, 'some-session')}` } });
  expect(res.status).toBe(401);
});

test('a validly signed token that names no live session is refused', async () => {
  const shopper = await makeShopper(database.db);
  const res = await app.request('/mine', {
    headers: { authorization: `Bearer ${await signAccessToken(shopper.id, 'no-such-session')}` },
  });
  expect(res.status).toBe(401);
});
