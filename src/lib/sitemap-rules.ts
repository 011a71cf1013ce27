import { LOCALE_SEGMENT } from '#i18n/locales.ts';

/**
 * Which built pages the sitemap lists, and in which URL form. Redirect pages, duplicate review URLs
 * (canonical: /reviews/{id}) and ended offers (noindex) stay out; URLs match the pages' canonical links.
 */
const excluded = [
  new RegExp(`^/${LOCALE_SEGMENT}/(articles|reviews|single-recipe)/?$`),
  new RegExp(`^/${LOCALE_SEGMENT}/blog/reviews/(?!page/)[^/]+/?$`),
  // One shopper's pages (noindex): account flows, profile, the payment step and its result.
  new RegExp(`^/${LOCALE_SEGMENT}/(login|sign-up|verify-otp|forget-password|profile|checkout/(checkout-payment|success))(/|$)`),
  // The service worker's offline pages (decision 025).
  new RegExp(`^/${LOCALE_SEGMENT}/offline(/|$)`),
  // The back office (on demand, so never built; excluded in case a page of it ever is).
  new RegExp(`^/${LOCALE_SEGMENT}/admin(/|$)`),
  // Category listings: the catalog sitemap lists them from the database, so a category added in the desk is in it
  // at once (src/server/services/catalog/sitemap.ts).
  new RegExp(`^/${LOCALE_SEGMENT}/products/category/`),
];

const LOCALIZED = new RegExp(`^/${LOCALE_SEGMENT}/`);
const LANGUAGE_ROOT = new RegExp(`^/${LOCALE_SEGMENT}/$`);
const CATEGORY_LISTING = new RegExp(String.raw`^/${LOCALE_SEGMENT}/products/category/(\d+)(?:/(\d+))?/?$`);

export function includeInSitemap(page: string, endedOffers: readonly string[] = []): boolean {
  const { pathname } = new URL(page);
  if (!LOCALIZED.test(pathname)) return false;
  if (excluded.some((re) => re.test(pathname))) return false;
  return !endedOffers.some((slug) => new RegExp(`^/${LOCALE_SEGMENT}/offers/${slug}/?$`).test(pathname));
}

/**
 * Canonical form: no trailing slash, except the language roots (/en/, /ar/). Pre-rendered category listings
 * (/products/category/{c}/{s}) are served at, and canonical as, the spec's /products?category=..&subCategory=..
 */
export function canonicalUrl(url: string): string {
  const u = new URL(url);
  const listing = CATEGORY_LISTING.exec(u.pathname);
  if (listing) {
    u.pathname = `/${listing[1]}/products`;
    u.search = '';
    u.searchParams.set('category', listing[2]!);
    if (listing[3]) u.searchParams.set('subCategory', listing[3]);
    return u.toString();
  }
  if (!LANGUAGE_ROOT.test(u.pathname)) u.pathname = u.pathname.replace(/\/+$/, '');
  return u.toString();
}
