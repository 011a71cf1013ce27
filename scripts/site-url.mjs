// The public origin every canonical link, hreflang, sitemap entry and JSON-LD URL is written with (astro.config.ts).
const LOCAL = 'http://127.0.0.1:4321';

/**
 * SITE_URL when set (an http(s) origin). Without it, a build meant for the public (PUBLIC_BUILD=1; `npm run publish`
 * sets it) is refused, because it would point search engines and shared links at 127.0.0.1; any other build (local,
 * tests, CI) goes on with the local origin and says so loudly.
 */
export function siteUrl(env = process.env, warn = console.warn) {
  const value = env.SITE_URL?.trim();
  if (value) {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`SITE_URL must be an http(s) origin, not ${value}`);
    return url.origin;
  }
  if (env.PUBLIC_BUILD === '1')
    throw new Error(
      'SITE_URL is not set. A public build writes it into every canonical link, hreflang, the sitemap and JSON-LD: ' +
        'set SITE_URL=https://your-shop.example (or PUBLIC_BUILD=0 for a local build).',
    );
  warn(
    `\n⚠  SITE_URL is not set: this build writes ${LOCAL} into canonical links, hreflang, the sitemap and JSON-LD.\n` +
      '   Fine for local use and tests; set SITE_URL for anything the public sees (npm run publish refuses without it).\n',
  );
  return LOCAL;
}
