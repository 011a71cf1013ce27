import type { APIRoute } from 'astro';
import { sharedDatabase } from '#server/db/index.ts';
import { sitemapIndexXml } from '#server/services/catalog/sitemap.ts';

// On demand: the catalog's part of the sitemap follows the database, not the last publish (issue 25).
export const prerender = false;

/** The sitemap index: the pre-rendered pages' sitemap and the catalog chunks (src/server/services/catalog/sitemap.ts). */
export const GET: APIRoute = async ({ site }) => {
  const { db } = await sharedDatabase();
  const origin = (site ?? new URL('http://127.0.0.1:4321')).origin;
  return new Response(await sitemapIndexXml(db, origin), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      // A CDN may keep it briefly: a new chunk appears only every 24,000 products.
      'cache-control': 'public, max-age=0, s-maxage=300',
    },
  });
};
