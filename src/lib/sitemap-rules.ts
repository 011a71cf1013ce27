/**
 * Which built pages the sitemap lists, and in which URL form. Redirect pages, duplicate review URLs
 * (canonical: /reviews/{id}) and ended offers (noindex) stay out; URLs match the pages' canonical links.
 */
const excluded = [
  /^\/(en|ar)\/(articles|reviews|single-recipe)\/?$/,
  /^\/(en|ar)\/blog\/reviews\/(?!page\/)[^/]+\/?$/,
  // One shopper's pages (noindex): account flows, profile, the payment step and its result.
  /^\/(en|ar)\/(login|sign-up|verify-otp|forget-password|profile|checkout\/(checkout-payment|success))(\/|$)/,
  // The back office (on demand, so never built; excluded in case a page of it ever is).
  /^\/(en|ar)\/admin(\/|$)/,
  // Category listings: the catalog sitemap lists them from the database, so a category added in the desk is in it
  // at once (src/server/services/catalog/sitemap.ts).
  /^\/(en|ar)\/products\/category\//,
];

export function includeInSitemap(page: string, endedOffers: readonly string[] = []): boolean {
  const { pathname } = new URL(page);
  if (!/^\/(en|ar)\//.test(pathname)) return false;
  if (excluded.some((re) => re.test(pathname))) return false;
  return !endedOffers.some((slug) => new RegExp(`^/(en|ar)/offers/${slug}/?$`).test(pathname));
}

/**
 * Canonical form: no trailing slash, except the language roots (/en/, /ar/). Pre-rendered category listings
 * (/products/category/{c}/{s}) are served at, and canonical as, the spec's /products?category=..&subCategory=..
 */
export function canonicalUrl(url: string): string {
  const u = new URL(url);
  const listing = /^\/(en|ar)\/products\/category\/(\d+)(?:\/(\d+))?\/?$/.exec(u.pathname);
  if (listing) {
    u.pathname = `/${listing[1]}/products`;
    u.search = '';
    u.searchParams.set('category', listing[2]!);
    if (listing[3]) u.searchParams.set('subCategory', listing[3]);
    return u.toString();
  }
  if (!/^\/(en|ar)\/$/.test(u.pathname)) u.pathname = u.pathname.replace(/\/+$/, '');
  return u.toString();
}
