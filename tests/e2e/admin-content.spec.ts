import { expect, test } from './fixtures.ts';
import { signedInStaff } from './admin-support.ts';
import { fill, startArticle } from './content-desk-support.ts';
import { withE2eDb } from './login.ts';
import { e2ePort } from './publish-support.ts';
import { interpolate } from '../../src/i18n/interpolate.ts';

/**
 * Issue 24: what the editors' desk refuses, in both languages, on the shared server (no build). Publishing itself is
 * admin-publish.spec.ts, which runs alone at the end (it builds the whole site).
 */
const releases = () => withE2eDb((db) => (db.prepare('SELECT COUNT(*) AS n FROM content_releases').get() as { n: number }).n);

test('a broken entry is refused before publishing, the field named in the editor’s language; the site is unchanged', async ({
  page,
  shopLocale,
}) => {
  // A retry writes a new entry: the first attempt's is still there.
  const slug = `broken-${shopLocale}-${e2ePort}-${test.info().retry}`;
  const { c, en } = await startArticle(page, shopLocale, slug);
  for (const [label, value] of [
    [c.fields.title, 'Half written'],
    [c.fields.description, 'No Arabic yet'],
    [c.fields.author, 'Omar'],
    [c.fields.coverAlt, 'A kettle'],
    [c.body, 'Text.'],
  ])
    await fill(en, label!, value!);
  const before = releases();
  await page.getByRole('button', { name: c.publishNow }).click();
  const arTitle = page.locator('[data-side="ar"]').getByLabel(c.fields.title, { exact: true });
  await expect(arTitle).toHaveAttribute('aria-invalid', 'true');
  await expect(arTitle).toBeFocused();
  await expect(page.locator('#content-ar-title-error')).toHaveText(c.errors.required);
  await expect(page.locator('[data-save-status]')).toContainText(interpolate(c.problemsIn, { fields: '' }).trim());
  await expect(page.locator('[data-save-status]')).toContainText(c.fields.title);
  // The last keystroke's draft save (a second after it) has nothing left to save: the refusal stays on screen.
  await page.waitForTimeout(1_500);
  await expect(page.locator('[data-save-status]')).toContainText(c.fields.title);
  expect(releases()).toBe(before);
  expect((await page.request.get(`/${shopLocale}/articles/${slug}`)).status()).toBe(404);
});

test('without the content role the desk is closed: 403 for other staff, 401 for a shopper or a guest', async ({
  page,
  shopLocale,
  request,
}) => {
  await signedInStaff(page, 'support');
  const desk = await page.goto(`/${shopLocale}/admin/content`);
  expect(desk!.status()).toBe(403);
  expect((await page.request.get('/api/admin/content/articles')).status()).toBe(403);
  expect((await page.request.post('/api/admin/content/publish', { data: {} })).status()).toBe(403);
  expect((await page.request.get(`/${shopLocale}/admin/content/preview/articles/anything`)).status()).toBe(403);
  expect((await request.get('/api/admin/content/articles')).status()).toBe(401);
  expect((await request.post('/api/admin/content/rollback', { data: {} })).status()).toBe(401);
});

test('taking an entry off the site asks first; keeping it sends nothing', async ({ page, shopLocale }) => {
  const slug = `keep-${shopLocale}-${e2ePort}-${test.info().retry}`;
  const { c } = await startArticle(page, shopLocale, slug);
  const before = releases();
  await page.getByRole('button', { name: c.remove }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(c.confirmRemove);
  // The safe answer has the focus: a stray Enter keeps the entry.
  await expect(dialog.getByRole('button', { name: c.keep })).toBeFocused();
  await dialog.getByRole('button', { name: c.keep }).click();
  await expect(dialog).toBeHidden();
  expect(releases()).toBe(before);
  const removals = withE2eDb(
    (db) => (db.prepare("SELECT COUNT(*) AS n FROM content_revisions WHERE content_json = 'null'").get() as { n: number }).n,
  );
  expect(removals).toBe(0);
});
