import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '**/*.astro'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Physical directions break the Arabic layout; use logical properties (DESIGN.md).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/\\b(ml|mr|pl|pr|left|right)-\\d/]',
          message: 'Use logical utilities (ms-/me-/ps-/pe-/start-/end-) instead of physical ones.',
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON bodies; `any` there keeps assertions readable.
    files: ['tests/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
