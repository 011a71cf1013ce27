import { defineConfig } from '@playwright/test';
import { E2E_TOKEN_SECRET } from './tests/e2e/e2e-secret.ts';
import type { ShopOptions } from './tests/e2e/fixtures.ts';

const port = Number(process.env['E2E_PORT'] ?? 4410);
const dbPath = process.env['E2E_DATABASE_PATH'] ?? 'data/e2e.sqlite';

export default defineConfig<ShopOptions>({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  // Every journey runs once per language.
  projects: [
    { name: 'en', use: { shopLocale: 'en', locale: 'en-US' } },
    { name: 'ar', use: { shopLocale: 'ar', locale: 'ar-EG' } },
  ],
  webServer: {
    // A fresh database for every run: the build pre-renders from it and the server then uses it.
    command: `rm -f ${dbPath} ${dbPath}-wal ${dbPath}-shm && npm run build && node scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    // FOLLOW_PUBLISH=0: serve the fresh dist/ even when a `npm run publish` build exists in builds/.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      AUTH_TOKEN_SECRET: E2E_TOKEN_SECRET,
      FOLLOW_PUBLISH: '0',
    },
    reuseExistingServer: !process.env['CI'],
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
