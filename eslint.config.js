import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { astroBlocks } from './scripts/eslint/astro-blocks.mjs';

/**
 * The layers (docs/architecture.md): pages and layouts load data through src/server; components, islands and
 * stores only draw and talk to the API. A relative import that reaches src/server from them is refused.
 */
const serverBoundary = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: '^(\\.{1,2}/)+(src/)?server(/|$)',
          message:
            'Components, islands and stores draw; they do not load data. Load it in the page (or layout) through src/server/page-data and pass it as props.',
        },
      ],
    },
  ],
};
const drawingLayers = ['src/components/**', 'src/islands/**', 'src/stores/**'];

export default defineConfig(
  { ignores: ['dist/', 'builds/', '.astro/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
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
  { files: drawingLayers, rules: serverBoundary },
  // .astro files: their frontmatter and <script> blocks are linted for the boundary only (the template uses
  // frontmatter names ESLint cannot see, so the general rules would report false "unused" errors).
  { files: ['**/*.astro'], plugins: { astro: { processors: { blocks: astroBlocks } } }, processor: 'astro/blocks' },
  {
    files: ['**/*.astro/*.ts'],
    rules: Object.fromEntries(
      tseslint.configs.recommended.flatMap((c) => Object.keys(c.rules ?? {})).map((rule) => [rule, 'off']),
    ),
  },
  { files: drawingLayers.map((glob) => `${glob}/*.astro/*.ts`), rules: serverBoundary },
  {
    // Tests read loosely typed JSON bodies; `any` there keeps assertions readable.
    files: ['tests/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
