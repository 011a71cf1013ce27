/**
 * Which built pages the sitemap lists, and in which URL form. Redirect pages, duplicate review URLs
 * (canonical: /reviews/{id}) and ended offers (noindex) stay out; URLs match the pages' canonical links.
 */
const excluded = [/^\/(en|ar)\/(articles|reviews|single-recipe)\/?$/, /^\/(en|ar)\/blog\/reviews\/(?!page\/)[^/]+\/?$/];

export function includeInSitemap(page: string, endedOffers: readonly string[] = []): boolean {
  const { pathname } = new URL(page);
  if (!/^\/(en|ar)\//.test(pathname)) return false;
  if (excluded.some((re) => re.test(pathname))) return false;
  return !endedOffers.some((slug) => new RegExp(`^/(en|ar)/offers/${slug}/?$`).test(pathname));
}

/** Canonical form: no trailing slash, except the language roots (/en/, /ar/). */
export function canonicalUrl(url: string): string {
  const u = new URL(url);
  if (!/^\/(en|ar)\/$/.test(u.pathname)) u.pathname = u.pathname.replace(/\/+$/, '');
  return u.toString();
}
