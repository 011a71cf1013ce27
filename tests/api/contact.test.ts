import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { en } from '../../src/i18n/en.ts';
import { ar } from '../../src/i18n/ar.ts';
import { testApi } from '../support/test-db.ts';

let t: Awaited<ReturnType<typeof testApi>>;
beforeAll(async () => {
  t = await testApi();
});
afterAll(() => t.close());

const valid = {
  full_name: 'Mona Adel',
  email: ' Mona@Example.COM ',
  subject: 'Order 1042',
  notes: 'The grinder arrived without its hopper lid.',
};
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/contact', () => {
  test('stores a valid message and answers with the spec success text', async () => {
    const before = await count();
    const res = await t.post('/api/contact?lang=en-US', valid);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('We have successfully received your message');
    const row = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ full_name: 'Mona Adel', email: 'mona@example.com', subject: 'Order 1042', locale: 'en' });
    expect(await count()).toBe(before + 1);
  });

  test('answers in Arabic when asked', async () => {
    const res = await t.post('/api/contact?lang=ar-SA', valid);
    expect(res.body.message).toBe(ar.forms.contact.success);
  });

  test('refuses missing fields and a wrong e-mail with per-field messages, storing nothing', async () => {
    const before = await count();
    const missing = await t.post('/api/contact?lang=en-US', { email: 'mona@example.com' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.full_name).toEqual([en.validation.errors.required]);
    expect(missing.body.errors.subject).toEqual([en.validation.errors.required]);
    expect(missing.body.errors.notes).toEqual([en.validation.errors.required]);
    const badEmail = await t.post('/api/contact?lang=en-US', { ...valid, email: 'mona-at-example' });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors).toEqual({ email: [en.validation.errors.email] });
    const shortNotes = await t.post('/api/contact?lang=ar-SA', { ...valid, notes: 'hi' });
    expect(shortNotes.body.errors.notes[0]).toBe(ar.validation.errors.tooShort.replace('{min}', '10'));
    expect(await count()).toBe(before);
  });
});

describe('home data', () => {
  test.each(['/api/sliders', '/api/advertisements', '/api/brands', '/api/shipping-steps'])(
    '%s lists localized items',
    async (path) => {
      const english = await t.json(`${path}?lang=en-US`);
      const arabic = await t.json(`${path}?lang=ar-SA`);
      expect(english.status).toBe(200);
      expect(english.body.data.length).toBeGreaterThan(1);
      expect(arabic.body.data.length).toBe(english.body.data.length);
      const key = 'title' in english.body.data[0] ? 'title' : 'name';
      expect(arabic.body.data[0][key]).not.toBe(english.body.data[0][key]);
    },
  );
});
