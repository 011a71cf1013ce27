import { expect, test } from './fixtures.ts';
import { signedInStaff } from './admin-support.ts';
import { CSV_COLUMNS } from '../../src/desk/catalog/catalog-csv.ts';
import { apiLang } from '../../src/i18n/locales.ts';

/**
 * Issue 33: a desk upload from a client without a browser (`curl -F file=@catalog.csv …/api/admin/products/import`
 * with the staff cookie) sends no Origin header. Through the real server it reaches the API, which answers it; every
 * refusal of the back office is in the error model, in the reader's language (never Astro's plain-text 403).
 */
test('a CSV upload without an Origin header is answered by the API, and its refusals are in the error model', async ({
  page,
  request,
  t,
  shopLocale,
}) => {
  const csv = `${CSV_COLUMNS.join(',')}\nNO-ORIGIN-1,Beans,بن,A coffee.,قهوة.,no-such-sub,no-such-seller,99,,1,250,,\n`;
  const upload = { file: { name: 'catalog.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }, dry_run: '1' };
  const path = `/api/admin/products/import?lang=${apiLang(shopLocale)}`;

  // No staff cookie: 401 in the error model, in the page's language.
  const guest = await request.post(path, { multipart: upload });
  expect(guest.status()).toBe(401);
  expect(guest.headers()['content-type']).toMatch(/^application\/json/);
  const refused = await guest.json();
  expect(refused).toMatchObject({
    message: expect.any(String),
    messages: expect.any(Array),
    errors: {},
    code: expect.any(String),
  });
  expect(refused.message).toMatch(shopLocale === 'ar' ? /[\u0600-\u06FF]/ : /^[\x20-\x7E]+$/);

  // A foreign page spending the cookie: 403 in the error model.
  await signedInStaff(page, 'operations');
  const foreign = await page.request.post(path, { multipart: upload, headers: { origin: 'https://evil.example' } });
  expect(foreign.status()).toBe(403);
  expect(await foreign.json()).toMatchObject({ message: t.api.errors.foreignOrigin, code: 'api.foreignOrigin' });

  // The member's own client without an Origin: the API reads the file (a dry run, nothing written).
  const dry = await page.request.post(path, { multipart: upload });
  expect(dry.status()).toBe(200);
  expect((await dry.json()).data).toMatchObject({ rows: 1, refused: 1, applied: false });
});
