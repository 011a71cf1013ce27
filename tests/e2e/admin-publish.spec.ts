import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { expect, hydrated, test } from './fixtures.ts';
import { fill, startArticle } from './content-desk-support.ts';
import { e2eDatabase, e2ePort, eventually, noLighthouse, startServer, stopServer } from './publish-support.ts';
import { interpolate } from '../../src/i18n/interpolate.ts';

/**
 * Issue 24: an editor writes, previews, publishes and rolls back in the browser, with the desk in Arabic. It runs in a
 * project of its own after every other journey (a publish builds the whole site, which would starve journeys running
 * beside it), on a server of its own (E2E_PORT + 2) that follows its own builds folder.
 */
const deskPort = e2ePort + 2;
const deskBase = `http://127.0.0.1:${deskPort}`;
const buildsDir = `data/e2e-desk-builds-${e2ePort}`;
const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 120, g: 80, b: 40 } } })
    .png()
    .toBuffer();

test.describe('publishing from the desk', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: deskBase });
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    rmSync(buildsDir, { recursive: true, force: true });
    // PUBLIC_BUILD=0: a test build needs no public address; CONTENT_SCHEDULE=0: nothing publishes on its own here.
    // noLighthouse: the publish this server starts skips the Lighthouse gate, as the other publish journeys' do (it
    // measured 15 pages beside the build and the load below: past the 240 s the journey waits, in stop 57's CI and
    // this stop's; and a loaded machine's scores could refuse the build).
    server = await startServer(deskPort, {
      BUILDS_DIR: buildsDir,
      DATABASE_PATH: e2eDatabase,
      PUBLIC_BUILD: '0',
      CONTENT_SCHEDULE: '0',
      ...noLighthouse,
    });
  });
  test.afterAll(async () => {
    await stopServer(server);
    rmSync(buildsDir, { recursive: true, force: true });
  });

  test('an editor writes an article in both languages with an image, previews both, publishes under load, rolls back', async ({
    page,
    shopLocale,
  }) => {
    test.setTimeout(300_000);
    // A retry writes a new entry: the first attempt's is still there.
    const slug = `desk-article-${e2ePort}-${test.info().retry}`;
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
    await page.getByRole('button', { name: c.site.rollBack }).click();
    // The desk's own confirmation (the shop's one dialog), its safe answer focused first.
    await page.getByRole('alertdialog').getByRole('button', { name: c.site.rollBack }).click();
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
