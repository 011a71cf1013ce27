import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { sonnerCssAsFile } from './scripts/vite-sonner-css.mjs';

const site = process.env['SITE_URL'] ?? 'http://127.0.0.1:4321';

export default defineConfig({
  site,
  output: 'static',
  // Middleware mode: our own HTTP server (src/server/http) adds compression, caching and security headers.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    sitemap({
      i18n: { defaultLocale: 'en', locales: { en: 'en-EG', ar: 'ar-EG' } },
      // Only localized pages: the bare root is a redirect, not a page.
      filter: (page) => /\/(en|ar)\//.test(new URL(page).pathname),
    }),
  ],
  i18n: {
    locales: ['en', 'ar'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  security: { csp: true },
  // Shiki highlights with inline styles, which the CSP forbids; our Markdown content has no code blocks.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'never' },
  server: { host: '127.0.0.1', port: 4321 },
  vite: { plugins: [tailwindcss(), sonnerCssAsFile()] },
});
