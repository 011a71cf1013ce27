import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The build-time tag-manager id (astro.config.ts); set here so the data-layer code is exercised by unit tests.
  define: { __GTM_ID__: JSON.stringify('GTM-UNIT') },
  test: {
    environment: 'node',
    // Each PostgreSQL test file creates its own database; a few at a time is plenty on 2 cores.
    maxWorkers: 2,
    // One migrated and seeded database that each test file's fresh database is a copy of.
    globalSetup: ['tests/support/database-template.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // CI tries a failed test once more, as it does a journey (playwright.config.ts): a test that needs its retry is a
    // flake to mend, yet it must not throw away a whole stop's work (stop 46's CI failed on one, mended since).
    retry: process.env['CI'] ? 1 : 0,
    projects: [
      {
        // The API tests share their worker's modules (`isolate: false`): each of them imports the whole app, and
        // evaluating it again for every file was half the suite's CPU (docs/benchmarks.md, "CI"). Each file still
        // has a database of its own; one that changes the environment or a module's state puts it back afterwards.
        // On PostgreSQL (DATABASE_URL: CI's second pass) they stay isolated: there, in one CI run of three, four files
        // saw state another file had left in the shared modules (the live site "switching", a shutdown's hooks).
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
          isolate: Boolean(process.env['DATABASE_URL']),
        },
      },
      {
        // Unit and architecture tests keep a fresh module graph each: the stores' tests stub the browser's globals.
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/architecture/**/*.test.ts'] },
      },
    ],
  },
});
