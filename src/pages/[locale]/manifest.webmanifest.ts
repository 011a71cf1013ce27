import type { APIRoute } from 'astro';
import type { Locale } from '#i18n/locales.ts';
import { localeStaticPaths } from '#i18n/static-paths.ts';
import { webManifest } from '#pwa/web-manifest.ts';

export const getStaticPaths = localeStaticPaths;

/** /en/manifest.webmanifest and /ar/manifest.webmanifest (decision 025). */
export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(webManifest(params['locale'] as Locale)), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8' },
  });
