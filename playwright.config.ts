import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/chromium.mjs';
import { E2E_GTM_ID } from './scripts/e2e-build.mjs';
import type { ShopOptions } from './tests/e2e/fixtures.ts';

const port = Number(process.env['E2E_PORT'] ?? 4410);
const dbPath = process.env['E2E_DATABASE_PATH'] ?? 'data/e2e.sqlite';
const serverLog = `${dbPath}.server.log`;
// CI builds the site beside lint and typecheck (.ci/run), from a fresh database at the same path: then the server
// starts on that build and that database instead of building again.
const prebuilt = process.env['E2E_PREBUILT'] === '1';
const freshBuild = 'node scripts/e2e-build.mjs && ';
// The seller journeys add products too (cheap test beans in the first category, which listing journeys would meet).
const catalogWriters = /(admin-(catalog|categories)|seller-(catalog|orders|money|money-portal|journey))\.spec\.ts/;
// Publishing from the editors' desk builds the whole site: alone, after everything else (a build takes both cores).
const deskPublish = /admin-publish\.spec\.ts/;
// The Arabic crawl of every desk and portal page (issue 51) reads the desk's own words, not the data other journeys type
// in Latin letters (a courier «Manifest 16882», a shopper «Samir 9», an entry «Half written»): first, on the fresh
// database, its two pages on the two workers.
const arabicCrawl = /arabic-desk-crawl\.spec\.ts/;

export default defineConfig<ShopOptions>({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  // The worker-seconds reporter prints what the run cost, by file (CI time is the suite's CPU on 2 cores: issue 33).
  reporter: [['list'], ['./tests/e2e/worker-seconds.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace only when a journey is retried (CI retries once): recording one for every journey cost CPU on each action.
    trace: 'on-first-retry',
    // The shop's service worker (decision 025) would answer requests journeys intercept with page.route, out of
    // Playwright's sight: blocked, except in the journeys about it (offline.spec.ts allows it).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  // Every journey runs once per language. The journeys that add products to the catalog run last: shopper journeys
  // pick from the newest products of the demo catalog, which a product made in the desk or a CSV of 1,000 would be.
  projects: [
    { name: 'arabic-crawl', testMatch: arabicCrawl, use: { shopLocale: 'ar', locale: 'ar-EG' } },
    {
      name: 'en',
      testIgnore: [catalogWriters, deskPublish, arabicCrawl],
      dependencies: ['arabic-crawl'],
      use: { shopLocale: 'en', locale: 'en-US' },
    },
    {
      name: 'ar',
      testIgnore: [catalogWriters, deskPublish, arabicCrawl],
      dependencies: ['arabic-crawl'],
      use: { shopLocale: 'ar', locale: 'ar-EG' },
    },
    { name: 'en-catalog', testMatch: catalogWriters, dependencies: ['en', 'ar'], use: { shopLocale: 'en', locale: 'en-US' } },
    { name: 'ar-catalog', testMatch: catalogWriters, dependencies: ['en', 'ar'], use: { shopLocale: 'ar', locale: 'ar-EG' } },
    // The desk in Arabic (the refusals run in both languages in admin-content.spec.ts).
    {
      name: 'desk-publish',
      testMatch: deskPublish,
      dependencies: ['en-catalog', 'ar-catalog'],
      use: { shopLocale: 'ar', locale: 'ar-EG' },
    },
  ],
  webServer: {
    // A fresh database for every run: the build pre-renders from it and the server then uses it.
    // The server's own output goes to a file the journeys read (no secret may ever reach it: accounts.spec.ts).
    command: `rm -f ${serverLog} && ${prebuilt ? '' : freshBuild}node scripts/start.mjs > ${serverLog} 2>&1`,
    url: `http://127.0.0.1:${port}/api/health`,
    // FOLLOW_PUBLISH=0: serve the fresh dist/ even when a `npm run publish` build exists in builds/.
    // SMS_OUTBOX_QUIET: codes stay in the outbox table (the journeys read them there), out of the server log.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      FOLLOW_PUBLISH: '0',
      SMS_OUTBOX_QUIET: '1',
      // A forced exception for the error-page journey (?__fail in the middleware, /api/__fail); never in production.
      ENABLE_TEST_FAULTS: '1',
      // A tag-manager container (consent.spec.ts intercepts its URL; there is no internet here).
      GTM_ID: E2E_GTM_ID,
      // The desk's publishes (admin-publish.spec.ts) skip the Lighthouse gate (scripts/publish/lighthouse-gate.mjs).
      PUBLISH_LIGHTHOUSE: '0',
    },
    reuseExistingServer: !process.env['CI'],
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
