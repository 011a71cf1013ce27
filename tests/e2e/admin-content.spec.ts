import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { signedInStaff } from './admin-support.ts';
import { withE2eDb } from './login.ts';
import { e2eDatabase, e2ePort, eventually, startServer, stopServer } from './publish-support.ts';
import { dictionary } from '../../src/i18n/t.ts';
import { interpolate } from '../../src/i18n/interpolate.ts';

/**
 * Issue 24: editors write, preview, publish and roll back in the browser. The publishing journey runs once per run,
 * with the desk in Arabic, on a server of its own (E2E_PORT + 2) that follows its own builds folder: a publish builds the
 * whole site. The refusal journey runs in both languages on the shared server (no build).
 */
const deskPort = e2ePort + 2;
const deskBase = `http://127.0.0.1:${deskPort}`;
const buildsDir = `data/e2e-desk-builds-${e2ePort}`;
const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .png()
    .toBuffer();
const releases = () => withE2eDb((db) => (db.prepare('SELECT COUNT(*) AS n FROM content_releases').get() as { n: number }).n);

/** Types one field of the editor, found by its label inside a language's side (or the shared block). */
async function fill(scope: import('@playwright/test').Locator, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

/** Signs in an editor, starts an article at `slug` from the desk's list, fills the shared values; the editor's page. */
async function startArticle(page: Page, locale: Locale, slug: string, from = `/${locale}/admin/content?c=articles`) {
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

// Hooks run in every project even when its tests are skipped: only the Arabic one starts the desk's server.
const publishing = (info: { project: { use: object } }) => (info.project.use as { shopLocale?: string }).shopLocale === 'ar';

test.describe('publishing from the desk', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(({ shopLocale }) => shopLocale !== 'ar', 'one publish per run: the desk in Arabic publishes');
  test.use({ baseURL: deskBase });
  let server: ChildProcess | undefined;

  test.beforeAll(async ({}, info) => {
    if (!publishing(info)) return;
    rmSync(buildsDir, { recursive: true, force: true });
    // PUBLIC_BUILD=0: a test build needs no public address; CONTENT_SCHEDULE=0: nothing publishes on its own here.
    server = await startServer(deskPort, {
      BUILDS_DIR: buildsDir,
      DATABASE_PATH: e2eDatabase,
      PUBLIC_BUILD: '0',
      CONTENT_SCHEDULE: '0',
    });
  });
  test.afterAll(async ({}, info) => {
    if (!publishing(info)) return;
    await stopServer(server);
    rmSync(buildsDir, { recursive: true, force: true });
  });

  test('an editor writes an article in both languages with an image, previews both, publishes under load, rolls back', async ({
    page,
    shopLocale,
  }) => {
    test.setTimeout(300_000);
    const slug = `desk-article-${e2ePort}`;
    // The content role's desk is the editors' desk: /admin takes an editor there.
    const { c, en, ar } = await startArticle(page, shopLocale, slug, `/${shopLocale}/admin`);
    await fill(en, c.fields.title, 'Milk for a flat white');
    await fill(en, c.fields.description, 'How to steam milk at home.');
    await fill(en, c.fields.author, 'Mona Adel');
    await fill(en, c.fields.coverAlt, 'A milk jug');
    await fill(en, c.body, '## Start cold\n\nUse **cold** milk.\n');
    const chooser = page.waitForEvent('filechooser');
    await en.getByRole('button', { name: c.toolbar.image }).click();
    await (await chooser).setFiles({ name: 'jug.png', mimeType: 'image/png', buffer: await photo() });
    await expect(en.getByLabel(c.body, { exact: true })).toHaveValue(/!\[jug\]\(\/api\/media\/products\/[0-9a-f]+-640\.webp\)/);
    await fill(ar, c.fields.title, 'الحليب للفلات وايت');
    await fill(ar, c.fields.description, 'كيف تبخر الحليب في البيت.');
    await fill(ar, c.fields.author, 'منى عادل');
    await fill(ar, c.fields.coverAlt, 'إبريق حليب');
    await fill(ar, c.body, '## ابدأ باردًا\n\nاستخدم حليبًا **باردًا**.\n');
    await expect(page.locator('[data-save-status]')).toHaveText(c.saved);

    // Previews, staff only: the exact article page in each language, never cached or indexed.
    for (const [lang, title] of [
      ['en', 'Milk for a flat white'],
      ['ar', 'الحليب للفلات وايت'],
    ] as const) {
      const preview = await page.context().newPage();
      const res = await preview.goto(`/${lang}/admin/content/preview/articles/${slug}`);
      expect(res!.headers()['cache-control']).toContain('no-store');
      await expect(preview.locator('h1')).toHaveText(title);
      await expect(preview.locator('[data-preview-banner]')).toBeVisible();
      await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      if (lang === 'en') await expect(preview.locator('article img[src*="/api/media/products/"]')).toHaveCount(1);
      await preview.close();
    }
    expect((await page.request.get(`/en/articles/${slug}`)).status()).toBe(404);

    // Publish under load: no request fails while the servers switch.
    let stop = false;
    const failures: string[] = [];
    let answers = 0;
    const paths = ['/en/', '/ar/blog/articles', '/en/single-product/1', '/api/health'];
    const load = Array.from({ length: 4 }, async (_, worker) => {
      for (let i = worker; !stop; i += 1) {
        const path = paths[i % paths.length]!;
        const res = await fetch(deskBase + path).catch((e: Error) => ({ status: e.message, arrayBuffer: async () => 0 }));
        await res.arrayBuffer();
        answers += 1;
        if (res.status !== 200) failures.push(`${path}: ${res.status}`);
      }
    });
    await page.getByRole('button', { name: c.publishNow }).click();
    await expect(page.locator('[data-release-status]')).toHaveAttribute('data-release-status', 'live', { timeout: 240_000 });
    await expect(page.getByText(c.site.published)).toBeVisible();
    expect(await eventually(async () => (await fetch(`${deskBase}/en/articles/${slug}`)).status === 200, 10_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_000));
    stop = true;
    await Promise.all(load);
    expect(failures).toEqual([]);
    expect(answers).toBeGreaterThan(20);
    const arabic = await (await fetch(`${deskBase}/ar/articles/${slug}`)).text();
    expect(arabic).toContain('الحليب للفلات وايت');
    expect(await (await fetch(`${deskBase}/en/rss.xml`)).text()).toContain(`/en/articles/${slug}`);
    const sitemap = await (await fetch(`${deskBase}/sitemap-pages-0.xml`)).text();
    expect(sitemap).toContain(`/en/articles/${slug}`);
    expect(sitemap).toMatch(new RegExp(`hreflang="ar-EG"[^>]*href="[^"]*/ar/articles/${slug}"`));

    // Roll back from the desk: the article is gone and waits in the desk as a draft.
    await page.goto(`/${shopLocale}/admin/content?c=articles`);
    await hydrated(page, 'PublishPanel');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: c.site.rollBack }).click();
    await expect(page.getByText(c.site.rolledBack)).toBeVisible({ timeout: 30_000 });
    expect(await eventually(async () => (await fetch(`${deskBase}/en/articles/${slug}`)).status === 404, 10_000)).toBe(true);
    await page.reload();
    await expect(page.locator(`[data-entry="${slug}"] [data-state]`)).toHaveText(new RegExp(c.states.draft));
    // Its published version is kept, marked as taken back, and can be put back in the draft.
    await page.goto(`/${shopLocale}/admin/content/articles/${slug}`);
    await expect(page.locator('[data-revision]')).toHaveCount(1);
    await expect(page.locator('[data-revision]')).toContainText(interpolate(c.withdrawn, { date: '' }).trim().split(' ')[0]!);
  });
});

test('a broken entry is refused before publishing, the field named in the editor’s language; the site is unchanged', async ({
  page,
  shopLocale,
}) => {
  const slug = `broken-${shopLocale}-${e2ePort}`;
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
