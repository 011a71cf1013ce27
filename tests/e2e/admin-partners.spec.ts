import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { signedInStaff } from './admin-support.ts';
import { withE2eDb } from './login.ts';
import { apiLang } from '../../src/i18n/locales.ts';
import { interpolate } from '../../src/i18n/t.ts';

/** A small but real PDF document. */
const contract = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/**
 * Issue 23: a brand applies at /become-partner; an operator reads its documents, approves it, and the new seller's page
 * is live (and in the sitemap) with no publish; the applicant gets a text message in the language they applied in.
 */
test('operations reads an application’s documents, approves it, and the new seller’s page is live', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  test.setTimeout(90_000);
  const p = t.adminPartners;
  const tag = randomBytes(3).toString('hex');
  // An English brand name gives the short name by itself; an Arabic one leaves it to the operator.
  const brand = shopLocale === 'en' ? `Aswan Roasters ${tag}` : `محمصة أسوان ${tag}`;
  const mobile = `0111${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  // A multipart post without an Origin header (a client without a browser, as curl -F): the API answers it (issue 33).
  const applied = await request.post(`/api/partner-applications?lang=${apiLang(shopLocale)}`, {
    multipart: {
      brand_name: brand,
      company_description: 'A family roastery in Giza supplying cafés since 2012.',
      email: `hello-${tag}@aswan.example`,
      mobile,
      contract: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: contract },
      tax_card: { name: 'tax-card.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(applied.status()).toBe(201);

  await signedInStaff(page, 'operations');
  await page.goto(at('/admin/partners'));
  await page.getByRole('link', { name: interpolate(p.open, { brand }) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand);

  // The contract comes down as the file the brand sent, under its own name.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: interpolate(p.download, { name: 'contract.pdf' }) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('contract.pdf');
  expect(await readFile((await file.path())!)).toEqual(contract);

  const form = page.getByRole('form', { name: p.approveTitle });
  if (shopLocale === 'ar') await form.getByLabel(p.slug).fill(`aswan-${tag}`);
  await form.getByLabel(p.nameAr).fill(`محمصة أسوان ${tag}`);
  await form.getByLabel(p.cityEn).fill('Giza');
  await form.getByLabel(p.cityAr).fill('الجيزة');
  await form
    .getByLabel(shopLocale === 'en' ? p.descriptionAr : p.descriptionEn)
    .fill(
      shopLocale === 'en'
        ? 'محمصة عائلية في الجيزة تورد البن للمقاهي منذ 2012.'
        : 'A family roastery in Giza since 2012, for cafés.',
    );
  await form.getByRole('button', { name: p.approve }).click();
  await expect(page.getByRole('status')).toContainText(interpolate(p.approved, { brand }));

  await page.getByRole('link', { name: p.openSeller }).click();
  await expect(page).toHaveURL(new RegExp(`/${shopLocale}/seller-profile/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shopLocale === 'en' ? brand : `محمصة أسوان ${tag}`);
  await expect(page.locator('main')).toContainText(shopLocale === 'en' ? 'Giza' : 'الجيزة');
  const sellerPath = new URL(page.url()).pathname;

  const sitemap = await (await request.get('/sitemap-catalog-0.xml')).text();
  expect(sitemap).toContain(`${sellerPath}</loc>`);
  const sms = withE2eDb((db) => db.prepare('SELECT body FROM sms_messages WHERE phone = ?').get(mobile) as { body: string });
  expect(sms.body).toContain(sellerPath);
  expect(sms.body).toContain(shopLocale === 'en' ? 'Bean Bazaar' : 'بازار البن');

  // Suspended, it leaves every public list (brands strip, sellers directory and its search, the brand filter) and its
  // page answers 404; reinstated, it is back everywhere (issue 33).
  const name = shopLocale === 'en' ? brand : `محمصة أسوان ${tag}`;
  const sellerId = Number(/\/seller-profile\/(\d+)$/.exec(sellerPath)?.[1]);
  await expectListed(sellerId, sellerPath, tag, true);
  const s = p.sellers;
  await page.goto(at('/admin/sellers'));
  const row = page.locator('[data-sellers] li').filter({ hasText: name });
  await row.getByRole('button', { name: interpolate(s.suspend, { name }) }).click();
  await row.getByPlaceholder(interpolate(s.reason, { name })).fill('Tax card expired');
  await row.getByRole('button', { name: interpolate(s.suspend, { name }) }).click();
  await expect(row.locator('[data-seller-status]')).toHaveText(s.suspended);
  expect((await request.get(sellerPath)).status()).toBe(404);
  expect((await request.get(`${sellerPath}?query=coffee`)).status()).toBe(404);
  await expectListed(sellerId, sellerPath, tag, false);
  await row.getByRole('button', { name: interpolate(s.reinstate, { name }) }).click();
  await expect(row.locator('[data-seller-status]')).toHaveText(s.active);
  expect((await request.get(sellerPath)).status()).toBe(200);
  await expectListed(sellerId, sellerPath, tag, true);

  /**
   * Whether the seller is in the shop's public lists, in both languages: the API's brands (the home page's strip reads
   * the same), the sellers directory and its search (on-demand pages, emptied from the render cache with the catalog
   * version the suspension announces, hence polled).
   */
  async function expectListed(id: number, path: string, text: string, listed: boolean) {
    for (const lang of ['en', 'ar'] as const) {
      const brands = (await (await request.get(`/api/brands?lang=${apiLang(lang)}`)).json()) as { data: { id: number }[] };
      expect(
        brands.data.some((b) => b.id === id),
        `brands in ${lang}`,
      ).toBe(listed);
      const own = path.replace(/^\/(en|ar)\//, `/${lang}/`);
      for (const list of [`/${lang}/seller-profile`, `/${lang}/seller-profile?query=${encodeURIComponent(text)}`]) {
        await expect
          .poll(async () => (await (await request.get(list)).text()).includes(`href="${own}"`), {
            message: `${list} links ${own}`,
          })
          .toBe(listed);
      }
    }
  }
});
