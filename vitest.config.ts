import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The build-time tag-manager id (astro.config.ts); set here so the data-layer code is exercised by unit tests.
  define: { __GTM_ID__: JSON.stringify('GTM-UNIT') },
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Each PostgreSQL test file creates its own database; a few at a time is plenty on 2 cores.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
