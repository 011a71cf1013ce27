import node from '@astrojs/node';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { endedOfferSlugs } from './scripts/ended-offers.mjs';
import { sonnerCssAsFile } from './scripts/vite-sonner-css.mjs';
import { productSitemapUrls } from './scripts/product-sitemap.ts';
import { canonicalUrl, includeInSitemap } from './src/lib/sitemap-rules.ts';

// Server bundles inline every package that imports `react`, so it resolves to preact/compat there as in the
// browser. Setting noExternal replaces @astrojs/preact's own list, hence react and react-dom are named again.
const reactImporters = ['react', 'react-dom', 'react-dom/test-utils', 'react/jsx-runtime', 'sonner', '@nanostores/react'];
const inlineReactImporters = { resolve: { noExternal: reactImporters } };

const site = process.env['SITE_URL'] ?? 'http://127.0.0.1:4321';
// `npm run publish` builds into a fresh directory (builds/<id>) while the live site keeps serving.
const outDir = process.env['BUILD_OUT_DIR'] ?? './dist';
const building = process.argv.includes('build');

export default defineConfig({
  site,
  output: 'static',
  outDir,
  // Middleware mode: our own HTTP server (src/server/http) adds compression, caching and security headers.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    // Islands are written against React's API and run on preact/compat (decision 005).
    preact({ compat: true }),
    sitemap({
      i18n: { defaultLocale: 'en', locales: { en: 'en-EG', ar: 'ar-EG' } },
      // Product pages are rendered on demand (decision 008); the sitemap still lists every one of them.
      customPages: building ? await productSitemapUrls(site) : [],
      // Only localized pages (the bare root is a redirect), minus redirects, duplicates and ended offers.
      filter: (page) => includeInSitemap(page, endedOfferSlugs()),
      // The same URL form as the pages' canonical links.
      serialize: (item) => {
        const { links, ...rest } = item;
        return {
          ...rest,
          url: canonicalUrl(item.url),
          ...(links ? { links: links.map((l) => ({ ...l, url: canonicalUrl(l.url) })) } : {}),
        };
      },
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
  vite: {
    plugins: [tailwindcss(), sonnerCssAsFile()],
    environments: { ssr: inlineReactImporters, prerender: inlineReactImporters },
  },
});
