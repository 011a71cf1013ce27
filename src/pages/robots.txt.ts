import type { APIRoute } from 'astro';

/**
 * robots.txt: everything public may be crawled except the API, whose media (product, recipe and article images,
 * share images) crawlers must fetch, and the back office; the Allow comes first for crawlers that take the first matching rule.
 */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('http://127.0.0.1:4321');
  const body = [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/media/',
    'Disallow: /api/',
    // The back office (its pages are noindex as well).
    'Disallow: /admin/',
    'Disallow: /en/admin/',
    'Disallow: /ar/admin/',
    '',
    `Sitemap: ${new URL('/sitemap-index.xml', base).toString()}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
