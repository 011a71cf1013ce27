import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { endedOfferSlugs } from './src/server/content/offer-files.ts';
import { siteUrl } from './scripts/site-url.mjs';
import { TAG_MANAGER_ORIGIN, tagManagerId } from './src/lib/tag-manager.ts';
import { intentDirective } from './src/islands/directives/integration.ts';
import { serviceWorker } from './src/pwa/integration.ts';
import { canonicalUrl, includeInSitemap } from './src/lib/sitemap-rules.ts';
import { defaultLocale, languageOptions, locales } from './src/i18n/locales.ts';

// `npm run publish` builds into a fresh directory (builds/<id>) while the live site keeps serving.
const outDir = process.env['BUILD_OUT_DIR'] ?? './dist';
const building = process.argv.includes('build');
// Refuses a public build without SITE_URL; warns on a local build (scripts/site-url.mjs).
const site = siteUrl(process.env, building ? console.warn : () => undefined);
// A tag-manager container (docs/decisions/011): loaded after consent only; its origin joins script-src only when set.
const gtmId = tagManagerId(process.env['GTM_ID']);

export default defineConfig({
  site,
  output: 'static',
  outDir,
  // Middleware mode: our own HTTP server (src/server/http) adds compression, caching and security headers.
  // Not streamed: every on-demand page is buffered whole anyway (the render cache keeps its bytes, island-style.ts
  // moves the islands' stylesheet into <head>), and one string encoded once costs less than a stream of small chunks.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [
    // React 19 islands (decision 009), hydrated lazily by our client:intent directive where it helps.
    // renderToString per island: no island suspends on the server, and React's stream set-up cost each one more.
    react({ experimentalDisableStreaming: true }),
    intentDirective(),
    // /sw.js from this build's own files (decision 025): the shell precached, visited pages kept for offline.
    serviceWorker({ outDir }),
    sitemap({
      i18n: { defaultLocale, locales: Object.fromEntries(languageOptions.map((option) => [option.lang, option.region])) },
      // The pre-rendered pages only: the on-demand /sitemap-index.xml lists this file beside the catalog chunks it
      // reads from the database at request time (src/pages/sitemap-index.xml.ts, decision 013).
      filenameBase: 'sitemap-pages',
      // Only localized pages (the bare root is a redirect), minus redirects, duplicates and ended offers.
      // Judged at the publish's instant (CONTENT_NOW), like the offer pages themselves.
      filter: (page) =>
        includeInSitemap(page, endedOfferSlugs(process.env['CONTENT_NOW'] ? new Date(process.env['CONTENT_NOW']) : new Date())),
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
    locales: [...locales],
    defaultLocale,
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  security: {
    csp: gtmId ? { scriptDirective: { resources: ["'self'", TAG_MANAGER_ORIGIN] } } : true,
    // Astro's origin check answered API requests without an Origin (curl -F) in plain text before the API could; pages
    // refuse cross-site form posts in src/middleware.ts (src/server/http/origin-check.ts), the API checks its own.
    checkOrigin: false,
  },
  // Shiki highlights with inline styles, which the CSP forbids; our Markdown content has no code blocks.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'never' },
  server: { host: '127.0.0.1', port: 4321 },
  vite: {
    plugins: [tailwindcss()],
    define: { __GTM_ID__: JSON.stringify(gtmId ?? '') },
  },
});
