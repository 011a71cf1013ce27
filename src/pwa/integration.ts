import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { locales } from '#i18n/locales.ts';
import { readFromClientDir, scriptClosure, scriptEntries } from './script-closure.ts';

/**
 * Writes /sw.js at the end of every build (`npm run build`, `npm run publish`: astro:build:done, before precompress):
 * src/pwa/sw.ts bundled with esbuild, then Workbox's injectManifest fills in this build's shell from the build's own
 * files (decision 025). The Astro PWA integration stops at Astro 5, so this is ours.
 */
export function serviceWorker({ outDir }: { outDir: string }): AstroIntegration {
  return {
    name: 'bean-bazaar-service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const shell = await shellFiles(clientDir);
        const work = await mkdtemp(join(tmpdir(), 'bb-sw-'));
        try {
          const swSrc = join(work, 'sw.js');
          await build({
            entryPoints: [fileURLToPath(new URL('./sw.ts', import.meta.url))],
            bundle: true,
            format: 'iife',
            minify: true,
            target: 'es2020',
            outfile: swSrc,
            logLevel: 'warning',
            // Minified for the browser, esbuild also sets Workbox's NODE_ENV to production (no console logging).
            platform: 'browser',
            define: { __BUILD_ID__: JSON.stringify(buildId(outDir)) },
          });
          const { count, size, warnings } = await injectManifest({
            swSrc,
            swDest: join(clientDir, 'sw.js'),
            globDirectory: clientDir,
            globPatterns: shell,
            // Hashed file names are their own version.
            dontCacheBustURLsMatching: /^_astro\//,
            manifestTransforms: [
              async (entries) => ({ manifest: entries.map((e) => ({ ...e, url: siteUrlOf(e.url) })), warnings: [] }),
            ],
          });
          for (const warning of warnings) logger.warn(warning);
          logger.info(`sw.js: ${count} files precached, ${(size / 1024).toFixed(0)} KB`);
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      },
    },
  };
}

/** The build's id: the publish's directory name (builds/<id>), or the build's instant for `npm run build` (./dist). */
export function buildId(outDir: string): string {
  const name = outDir.split(/[\\/]/).filter(Boolean).at(-1);
  return name && name !== 'dist' ? name : new Date().toISOString();
}

/** `en/offline/index.html` → `/en/offline/` (the address the pages are asked for), anything else → `/<file>`. */
export const siteUrlOf = (file: string): string => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

/**
 * The shell, as glob patterns relative to the client directory: the stylesheets (the shop uses system fonts: no font
 * files), the logo and manifests, the offline pages, and the scripts the home and cart pages load (Astro's island
 * runtime, React, the shell script, the cart).
 */
export async function shellFiles(clientDir: string): Promise<string[]> {
  const pages = locales.flatMap((locale) => [`${locale}/index.html`, `${locale}/checkout/cart/index.html`]);
  const entries: string[] = [];
  for (const page of pages) entries.push(...scriptEntries(await readFile(join(clientDir, page), 'utf8').catch(() => '')));
  const scripts = await scriptClosure(entries, readFromClientDir(clientDir));
  return [
    '_astro/*.css',
    // The logo. The home-screen icons are not: the browser fetches them itself when the shop is installed.
    'favicon.svg',
    '*/manifest.webmanifest',
    '*/offline/index.html',
    '*/offline/checkout/index.html',
    ...[...scripts].map((script) => script.replace(/^\//, '')),
  ];
}
