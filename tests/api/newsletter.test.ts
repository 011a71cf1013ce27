import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApi } from '../support/test-db.ts';

let t: Awaited<ReturnType<typeof testApi>>;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

test('subscribes with the e-mail trimmed and lowercased, answering the spec success text', async () => {
  const res = await t.post('/api/newsletter', { email: '  Reader@Example.COM ' });
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('You are now subscribed to our newsletter');
  const rows = await t.db.selectFrom('newsletter_subscribers').selectAll().execute();
  expect(rows.map((r) => r.email)).toEqual(['reader@example.com']);
});

test('a repeat (in any letter case) is a 409 with the spec failure text, and stores nothing new', async () => {
  const res = await t.post('/api/newsletter?lang=en-US', { email: 'READER@example.com' });
  expect(res.status).toBe(409);
  expect(res.body.messages[0]).toBe('You may already be subscribed');
  const arabic = await t.post('/api/newsletter?lang=ar-SA', { email: 'reader@example.com' });
  expect(arabic.body.messages[0]).toBe('ربما تكون مشتركًا بالفعل');
  const { count } = await t.db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  expect(Number(count)).toBe(1);
});

test.each([
  [{ email: 'not-an-email' }, 'Enter a valid email address'],
  [{ email: '' }, 'This field is required'],
  [{}, 'This field is required'],
  [{ email: 42 }, 'This value is not valid'],
  [{ email: `${'a'.repeat(250)}@example.com` }, 'Must be at most 254 characters'],
])('refuses %j with a 422 and a per-field message', async (payload, message) => {
  const res = await t.post('/api/newsletter', payload);
  expect(res.status).toBe(422);
  expect(res.body.errors.email).toEqual([message]);
});

test('invalid e-mail messages are in Arabic when asked', async () => {
  const res = await t.post('/api/newsletter?lang=ar-SA', { email: 'x' });
  expect(res.body.errors.email).toEqual(['أدخل بريدًا إلكترونيًا صحيحًا']);
});

test('a malformed body is a 400 with a clear message, never a 500', async () => {
  const res = await t.json('/api/newsletter', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"email":',
  });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('The request body could not be read: check its format');
});

test('without lang, Accept-Language picks the language by its q-values', async () => {
  const res = await t.json('/api/newsletter', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en;q=0.1, ar' },
    body: JSON.stringify({ email: 'x' }),
  });
  expect(res.body.errors.email).toEqual(['أدخل بريدًا إلكترونيًا صحيحًا']);
});
