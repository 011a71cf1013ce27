import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, describe, expect, test } from 'vitest';
import { CSV_COLUMNS } from '../../src/desk/catalog/catalog-csv.ts';
import { crossSiteFormPost } from '../../src/server/http/origin-check.ts';
import { makeStaff } from '../support/staff.ts';
import { testApi } from '../support/test-db.ts';

/**
 * Issue 33 (defect b): a desk upload without an `Origin` header (`curl -F file=@catalog.csv …/api/admin/products/import`
 * with a staff cookie) got Astro's plain-text 403 before the API could answer. Astro's check is off; the API decides,
 * and every refusal of the back office is in the error model ({message, messages, errors, code}), in the reader's language.
 */
const { api, db, close } = await testApi();
afterAll(close);
const operator = await makeStaff(db, api, 'operations');

const sub = await db.selectFrom('sub_categories').select('slug').orderBy('id').executeTakeFirstOrThrow();
const seller = await db.selectFrom('sellers').select('slug').orderBy('id').executeTakeFirstOrThrow();
const catalog = Papa.unparse(
  [
    {
      sku: 'ORIGIN-1',
      name_en: 'Origin beans',
      name_ar: 'بن المصدر',
      description_en: 'Imported without an Origin header.',
      description_ar: 'مستورد بدون ترويسة المصدر.',
      sub_category: sub.slug,
      seller: seller.slug,
      price: '99',
      old_price: '',
      stock: '3',
      weight_grams: '250',
      badge_en: '',
      badge_ar: '',
    },
  ],
  { columns: [...CSV_COLUMNS] },
);

/** What `curl -F file=@catalog.csv -F dry_run=1` sends: multipart, no Origin, the staff cookie (when given). */
async function upload(headers: Record<string, string>, lang = 'en-US') {
  const fd = new FormData();
  fd.append('file', new File([catalog], 'catalog.csv', { type: 'text/csv' }));
  fd.append('dry_run', '1');
  const request = new Request(`http://shop.test/api/admin/products/import?lang=${lang}`, { method: 'POST', body: fd, headers });
  expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
  expect(request.headers.has('origin')).toBe('origin' in headers);
  const res = await api.request(request);
  return { res, body: (await res.json()) as any };
}

const errorModel = {
  message: expect.any(String),
  messages: expect.any(Array),
  errors: expect.any(Object),
  code: expect.any(String),
};

describe('a desk upload without an Origin header', () => {
  test('is not refused before the API: the page middleware leaves /api to it (Astro’s own check is off)', () => {
    const curl = (path: string) =>
      new Request(`http://shop.test${path}`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(crossSiteFormPost(curl('/api/admin/products/import'), new URL('http://shop.test/api/admin/products/import'))).toBe(
      false,
    );
    // A page still refuses a cross-site form post, as Astro did.
    expect(crossSiteFormPost(curl('/en/admin/products'), new URL('http://shop.test/en/admin/products'))).toBe(true);
    const sameSite = new Request('http://shop.test/en/admin/products', {
      method: 'POST',
      headers: { origin: 'http://shop.test', 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(crossSiteFormPost(sameSite, new URL('http://shop.test/en/admin/products'))).toBe(false);
    expect(readFileSync('astro.config.ts', 'utf8')).toMatch(/checkOrigin: false/);
  });

  test('with a staff cookie, the API answers it (a dry run of the file)', async () => {
    const { res, body } = await upload({ cookie: operator.cookie });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ rows: 1, create: 1, refused: 0, applied: false });
  });

  test('every refusal is in the error model, in the reader’s language', async () => {
    const guest = await upload({});
    expect(guest.res.status).toBe(401);
    expect(guest.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(guest.body).toMatchObject(errorModel);

    const foreign = await upload({ cookie: operator.cookie, origin: 'https://evil.example' });
    expect(foreign.res.status).toBe(403);
    expect(foreign.body).toEqual({
      message: 'This request did not come from our shop.',
      messages: ['This request did not come from our shop.'],
      errors: {},
      code: 'api.foreignOrigin',
    });
    const arabic = await upload({ cookie: operator.cookie, origin: 'null' }, 'ar-SA');
    expect(arabic.res.status).toBe(403);
    expect(arabic.body).toMatchObject({ message: 'لم تصدر هذه العملية من متجرنا.', code: 'api.foreignOrigin' });

    const support = await makeStaff(db, api, 'support');
    const forbidden = await upload({ cookie: support.cookie }, 'ar-SA');
    expect(forbidden.res.status).toBe(403);
    expect(forbidden.body).toMatchObject(errorModel);
    expect(forbidden.body.message).toMatch(/[\u0600-\u06FF]/);
  });
});
