import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { signedInStaff } from './admin-support.ts';
import { interpolate } from '../../src/i18n/t.ts';

/**
 * Issue 23: operations adds a sub-category in both languages; pages rendered on demand show it in their navbar at once,
 * its listing answers, and the sitemap lists it. (Runs after the shopper journeys: playwright.config.ts.)
 */
test('operations adds a sub-category; the navbar of on-demand pages and the sitemap follow at once', async ({
  page,
  request,
  at,
  t,
  shopLocale,
}) => {
  const c = t.adminCatalog.categories;
  const tag = randomBytes(3).toString('hex');
  const names = { en: `Travel kits ${tag}`, ar: `أدوات السفر ${tag}` };
  await signedInStaff(page, 'operations');
  await page.goto(at('/admin/categories'));
  const first = page.locator('[data-category]').first();
  const categoryName = (await first.locator('h2').first().innerText()).replace(/\s*\d[\d,٬]*\s.*$/, '').trim();
  const form = page.getByRole('form', { name: interpolate(c.addSub, { name: categoryName }) });
  await form.getByLabel(c.slug).fill(`travel-kits-${tag}`);
  await form.getByLabel(c.nameEn).fill(names.en);
  await form.getByLabel(c.nameAr).fill(names.ar);
  await form.getByRole('button', { name: c.create }).click();
  await expect(page.locator('[data-toast="success"] p')).toHaveText(c.created);
  const added = first.locator('[data-sub-category]').last();
  await expect(added.locator('h3')).toContainText(names[shopLocale]);
  const subId = await added.getAttribute('data-sub-category');
  const categoryId = await first.getAttribute('data-category');

  // A product page is rendered on demand: its navbar lists the new sub-category.
  await page.goto(at('/single-product/1'));
  const link = page.locator(`header a[href*="subCategory=${subId}"]`).first();
  await expect(link).toHaveText(names[shopLocale]);
  const listing = await request.get(at(`/products?category=${categoryId}&subCategory=${subId}`));
  expect(listing.status()).toBe(200);
  expect(await listing.text()).toContain(names[shopLocale]);
  const sitemap = await (await request.get('/sitemap-catalog-0.xml')).text();
  expect(sitemap).toContain(`/${shopLocale}/products?category=${categoryId}&amp;subCategory=${subId}</loc>`);
});
