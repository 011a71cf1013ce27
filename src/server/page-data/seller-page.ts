import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { dictionary, interpolate } from '#i18n/t.ts';
import type { ListingView } from '#lib/catalog/listing-view.ts';
import type { ProductsQuery } from '#lib/schemas/products-query.ts';
import type { Seller } from '#lib/types.ts';
import type { ShopDb } from '../db/index.ts';
import { findSeller } from '../services/catalog/sellers.ts';
import { loadListing } from './listing.ts';

/** A seller and the listing of its products, or undefined for an unknown seller. */
export async function loadSellerPage(
  db: ShopDb,
  locale: Locale,
  id: string,
  query: ProductsQuery,
): Promise<{ seller: Seller; view: ListingView } | undefined> {
  const seller = await findSeller(db, id, locale);
  if (!seller) return undefined;
  const t = dictionary(locale);
  const base = `/seller-profile/${seller.id}`;
  const crumbs = [
    { name: t.catalog.home, href: localePath(locale, '/') },
    { name: seller.name, href: localePath(locale, base) },
    ...(query.query ? [{ name: interpolate(t.products.resultsFor, { query: query.query }) }] : []),
  ];
  const view = await loadListing(db, locale, query, { base, crumbs, fixed: { seller: [seller.id] } });
  return { seller, view: { ...view, title: seller.name } };
}
