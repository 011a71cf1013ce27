import type { APIRoute } from 'astro';
import { gunzipSync } from 'node:zlib';
import { sharedDatabase } from '#server/db/index.ts';
import { catalogSitemapGzip } from '#server/services/catalog/sitemap.ts';

// On demand: product URLs come from the database at request time, so a new product is listed without a publish.
export const prerender = false;

/** One chunk of product pages (both languages, hreflang pairs), kept gzipped in memory until its ids change. */
export const GET: APIRoute = async ({ params, site, request }) => {
  const chunk = /^\d{1,4}$/.test(params['chunk'] ?? '') ? Number(params['chunk']) : -1;
  if (chunk < 0) return new Response('Not found', { status: 404 });
  const { db } = await sharedDatabase();
  const gzip = await catalogSitemapGzip(db, (site ?? new URL('http://127.0.0.1:4321')).origin, chunk);
  const headers: Record<string, string> = {
    'content-type': 'application/xml; charset=utf-8',
    'cache-control': 'public, max-age=0, s-maxage=300',
    vary: 'Accept-Encoding',
  };
  // Every crawler accepts gzip; anything else gets the text (unzipped per request, which is rare).
  if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    return new Response(new Uint8Array(gzip), { headers: { ...headers, 'content-encoding': 'gzip' } });
  }
  return new Response(new Uint8Array(gunzipSync(gzip)), { headers });
};
