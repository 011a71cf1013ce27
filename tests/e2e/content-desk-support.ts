import type { Locator, Page } from '@playwright/test';
import { expect, hydrated } from './fixtures.ts';
import { signedInStaff } from './admin-support.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { dictionary } from '../../src/i18n/t.ts';

/** Helpers of the editors' desk journeys (admin-content.spec.ts, admin-publish.spec.ts). */

/** Types one field of the editor, found by its label inside a language's side (or the shared block). */
export async function fill(scope: Locator, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

/** Signs in an editor, starts an article at `slug` from the desk's list, fills the shared values; the editor's page. */
export async function startArticle(page: Page, locale: Locale, slug: string, from = `/${locale}/admin/content?c=articles`) {
  const c = dictionary(locale).adminContent;
  await signedInStaff(page, 'content');
  await page.goto(from);
  await expect(page).toHaveURL(new RegExp(`/${locale}/admin/content(\\?c=articles)?$`));
  await hydrated(page, 'NewEntry');
  await page.getByLabel(c.slug).fill(slug);
  await page.getByRole('button', { name: c.newEntry }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/content/articles/${slug}$`));
  await hydrated(page, 'ContentEditor');
  const shared = page.locator('fieldset');
  await fill(shared, c.fields.date, '2026-11-25');
  await fill(shared, c.fields.cover, 'kettle-30-1');
  return { c, en: page.locator('[data-side="en"]'), ar: page.locator('[data-side="ar"]') };
}
