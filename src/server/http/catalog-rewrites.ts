import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_SEGMENT } from '#i18n/locales.ts';

const LISTING = new RegExp(`^/${LOCALE_SEGMENT}/products/?$`);
const SELLER = new RegExp(String.raw`^/${LOCALE_SEGMENT}/seller-profile/(\d{1,9})/?$`);

/**
 * Serves the spec's catalog URLs from pre-rendered files where one exists, keeping the address the
 * shopper sees:
 * - /{locale}/products?category=C[&subCategory=S] (nothing else) → the pre-rendered category listing;
 * - /{locale}/seller-profile/{id}?query=… (any query string) → the on-demand search of that seller page,
 *   so searching there "stays on the page by setting the query parameter" (spec section 2).
 * Returns the URL to serve instead, or undefined to serve the request as it is. `listingsFresh`: false once the
 * catalog changed after the build, when the pre-rendered listings would show old prices, stock and products.
 */
export function catalogRewrite(url: URL, clientDir: string, listingsFresh = true): string | undefined {
  const listing = LISTING.exec(url.pathname);
  if (listing) {
    const keys = [...url.searchParams.keys()];
    const category = url.searchParams.get('category');
    const sub = url.searchParams.get('subCategory');
    const plain = keys.every((k) => k === 'category' || k === 'subCategory') && keys.length === new Set(keys).size;
    if (!plain || !category || !/^\d{1,9}$/.test(category) || (sub !== null && !/^\d{1,9}$/.test(sub))) return undefined;
    const target = `/${listing[1]}/products/category/${category}${sub ? `/${sub}` : ''}/`;
    return listingsFresh && prerendered(clientDir, target) ? target : undefined;
  }
  const seller = SELLER.exec(url.pathname);
  if (seller && url.search.length > 1) return `/${seller[1]}/seller-profile/${seller[2]}/search${url.search}`;
  return undefined;
}

const known = new Map<string, boolean>();

function prerendered(clientDir: string, path: string): boolean {
  // Keyed by build too: a publish switches clientDir in the running server.
  const file = join(clientDir, path, 'index.html');
  let found = known.get(file);
  if (found === undefined) {
    found = existsSync(file);
    if (known.size > 10_000) known.clear();
    known.set(file, found);
  }
  return found;
}
