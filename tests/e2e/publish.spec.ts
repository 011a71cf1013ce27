import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures.ts';
import { e2eDatabase, e2ePort, eventually, runNpm, sourcesFree, startServer, stopServer } from './publish-support.ts';

// Publishing works on files and builds, not on one language: run once (en project), one test after another.
test.describe.configure({ mode: 'serial' });
test.skip(({ shopLocale }) => shopLocale !== 'en', 'publishing is the same for both languages');

const buildsDir = `data/e2e-builds-${e2ePort}`;
// A publish refuses to build without the public origin (scripts/site-url.mjs).
const env = { BUILDS_DIR: buildsDir, DATABASE_PATH: e2eDatabase, SITE_URL: 'https://beanbazaar.example' };
const port = e2ePort + 1;
const base = `http://127.0.0.1:${port}`;
const slug = `e2e-published-${e2ePort}`;
const articleFiles = ['en', 'ar'].map((l) => `src/content/articles/${l}/${slug}.md`);
const brokenFile = `src/content/articles/en/e2e-broken-${e2ePort}.md`;
let server: ChildProcess | undefined;

function writeArticle() {
  for (const [i, file] of articleFiles.entries()) {
    const [title, description] = i === 0 ? ['Published while you shop', 'A new article'] : ['نُشر أثناء التسوق', 'مقال جديد'];
    writeFileSync(
      file,
      `---\ntitle: ${title}\ndescription: ${description}\ndate: 2026-11-20\nauthor: Omar Hassan\ncover: machine-18-1\ncoverAlt: ${title}\ntags: [espresso]\n---\n\n${description}.\n`,
    );
  }
}

// Hooks run in every project even when its tests are skipped: only the en project may publish and serve, or the
// two workers race for the same port and builds folder (and one's clean-up stops the other's server).
const publishing = (info: { project: { name: string } }) => info.project.name === 'en';

test.beforeAll(async ({}, info) => {
  if (!publishing(info)) return;
  test.setTimeout(300_000);
  // Its journeys write articles into src/content, which CI's typecheck may still be reading.
  await sourcesFree(120_000);
  rmSync(buildsDir, { recursive: true, force: true });
  for (const file of [...articleFiles, brokenFile]) rmSync(file, { force: true });
  const first = await runNpm(['publish'], env);
  expect(first.code, first.output).toBe(0);
  // A chunk that only the first build has (as when a code change renames chunks): a page opened before the
  // switch must still load it afterwards. Written before the server starts: it reads each build's file list once.
  const firstId = readFileSync(join(buildsDir, 'current'), 'utf8').trim();
  writeFileSync(join(buildsDir, firstId, 'client', '_astro', 'only-old.Ab12Cd34.js'), 'export const old = 1;');
  server = await startServer(port, { ...env, CATALOG_CHECK_MS: '2000' });
});

test.afterAll(async ({}, info) => {
  if (!publishing(info)) return;
  for (const file of [...articleFiles, brokenFile]) rmSync(file, { force: true });
  await stopServer(server);
  rmSync(buildsDir, { recursive: true, force: true });
});

test('a publish under load: no failed answer, the new article afterwards, old chunks still load, rollback restores', async ({
  browser,
  t,
}) => {
  test.setTimeout(200_000);
  const firstId = readFileSync(join(buildsDir, 'current'), 'utf8').trim();
  const home = await (await fetch(`${base}/en/`)).text();
  const asset = /\/_astro\/[\w.-]+\.js/.exec(home)?.[0];
  expect(asset).toBeTruthy();
  // Published without GTM_ID: no container id, no consent banner, no tag-manager origin anywhere (decision 011).
  expect(home).not.toContain('gtm-id');
  expect(home).not.toContain('data-consent-banner');
  expect(home).not.toContain('googletagmanager');
  expect((await fetch(`${base}/en/articles/${slug}`)).status).toBe(404);

  writeArticle();
  let stop = false;
  const failures: string[] = [];
  let answers = 0;
  const paths = ['/en/', '/ar/blog/articles', '/en/single-product/1', '/en/products?category=1&sort=price_asc', asset!];
  const load = Array.from({ length: 6 }, async (_, worker) => {
    for (let i = worker; !stop; i += 1) {
      const path = paths[i % paths.length]!;
      const res = await fetch(base + path).catch((e: Error) => ({ status: e.message, arrayBuffer: async () => 0 }));
      await res.arrayBuffer();
      answers += 1;
      if (res.status !== 200) failures.push(`${path}: ${res.status}`);
    }
  });
  const published = await runNpm(['publish'], env);
  expect(published.code, published.output).toBe(0);
  expect(await eventually(async () => (await fetch(`${base}/en/articles/${slug}`)).status === 200, 10_000)).toBe(true);
  expect(await eventually(async () => (await fetch(`${base}/ar/articles/${slug}`)).status === 200, 2_000)).toBe(true);
  await new Promise((r) => setTimeout(r, 1_000));
  stop = true;
  await Promise.all(load);
  expect(failures).toEqual([]);
  expect(answers).toBeGreaterThan(100);
  expect((await fetch(base + asset!)).status).toBe(200);
  expect((await fetch(`${base}/_astro/only-old.Ab12Cd34.js`)).status).toBe(200);

  // A shopper's tab open on the new build, with its service worker (decision 025; blocked in other journeys).
  const secondId = readFileSync(join(buildsDir, 'current'), 'utf8').trim();
  const shopper = await browser.newContext({ serviceWorkers: 'allow', baseURL: base });
  const tab = await shopper.newPage();
  await tab.goto('/en/');
  await tab.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const back = await runNpm(['publish', '--', '--rollback'], env, 30_000);
  expect(back.code, back.output).toBe(0);
  expect(back.output).toContain(firstId);
  expect(await eventually(async () => (await fetch(`${base}/en/articles/${slug}`)).status === 404, 10_000)).toBe(true);

  // Another build is live (a rollback switches builds as a publish does): the tab checks when the shopper comes back
  // to it, is told, and reloads onto it; the worker of the build it left drops that build's pages.
  await tab.evaluate(() => dispatchEvent(new Event('focus')));
  const banner = tab.locator('[data-update-ready]');
  await expect(banner.getByText(t.pwa.updateReady)).toBeVisible({ timeout: 20_000 });
  await Promise.all([tab.waitForEvent('load'), banner.getByRole('link', { name: t.pwa.reload }).click()]);
  await expect(banner).toBeHidden();
  const cachesNow = () => tab.evaluate(() => caches.keys());
  expect(await eventually(async () => (await cachesNow()).includes(`bb-pages-${firstId}`), 5_000)).toBe(true);
  expect(await cachesNow()).not.toContain(`bb-pages-${secondId}`);
  await shopper.close();
});

test('a content entry with broken front matter is not published and the live site keeps serving', async () => {
  test.setTimeout(150_000);
  const live = readFileSync(join(buildsDir, 'current'), 'utf8');
  writeFileSync(brokenFile, `---\ntitle: [unclosed\ndate: someday\n---\n\nBroken.\n`);
  const result = await runNpm(['publish'], env);
  rmSync(brokenFile, { force: true });
  expect(result.code).not.toBe(0);
  expect(result.output).toContain('NOT PUBLISHED');
  expect(result.output).toContain(`e2e-broken-${e2ePort}`);
  expect(readFileSync(join(buildsDir, 'current'), 'utf8')).toBe(live);
  expect((await fetch(`${base}/en/`)).status).toBe(200);
  expect((await fetch(`${base}/en/single-product/1`)).status).toBe(200);
  expect(existsSync(buildsDir)).toBe(true);
});
