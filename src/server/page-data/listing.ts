import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { dictionary, interpolate } from '#i18n/t.ts';
import { filterDefinitions } from '#lib/catalog/filters.ts';
import { listingHref } from '#lib/catalog/listing-url.ts';
import type { ListingView } from '#lib/catalog/listing-view.ts';
import type { Crumb } from '#lib/catalog/structured-data.ts';
import type { ProductsQuery } from '#lib/schemas/products-query.ts';
import type { ShopDb } from '../db/index.ts';
import { checkCategory } from '../services/catalog/categories.ts';
import { listProducts } from '../services/catalog/products.ts';
import { listSellerNames } from '../services/catalog/sellers.ts';
import { cachedPerLocale } from './locale-cache.ts';
import { navigationCategories } from './navigation.ts';

/** The brand filter's names: read once per language and kept like the navigation. */
const sellerNames = cachedPerLocale(5 * 60_000, listSellerNames);

/** Everything a listing page draws, from one listing state. */
export async function loadListing(
  db: ShopDb,
  locale: Locale,
  requested: ProductsQuery,
  {
    base = '/products',
    crumbs: prefix,
    fixed = {},
  }: { base?: string; crumbs?: Crumb[]; fixed?: Pick<ProductsQuery, 'seller'> } = {},
): Promise<ListingView> {
  const t = dictionary(locale);
  const query = { ...requested };
  const problem = await checkCategory(db, query.category, query.subCategory);
  // A sub-category left over from another category is dropped rather than emptying the page.
  if (problem === 'unknownSubCategory' && query.category !== undefined) delete query.subCategory;
  const unknown = problem === 'unknownCategory';
  const [categories, sellers, result] = await Promise.all([
    navigationCategories(db, locale),
    sellerNames(db, locale),
    unknown
      ? { data: [], meta: { page: 1, per_page: query.per_page, total: 0, last_page: 1 } }
      : listProducts(db, { ...query, ...fixed }, locale),
  ]);
  const category = categories.find((c) => c.id === query.category);
  const sub = category?.sub_categories.find((s) => s.id === query.subCategory);
  const crumbs: Crumb[] = prefix ?? [
    { name: t.catalog.home, href: localePath(locale, '/') },
    { name: t.catalog.products, href: localePath(locale, '/products') },
    ...(category ? [{ name: category.category, href: listingHref(locale, { category: category.id }) }] : []),
    ...(sub ? [{ name: sub.sub_category }] : []),
  ];
  const title = query.query
    ? interpolate(t.products.resultsFor, { query: query.query })
    : (sub?.sub_category ?? category?.category ?? t.products.title);
  return {
    query,
    result,
    // A fixed filter (the seller of a seller page) is not offered, nor written into the page's links.
    definitions: filterDefinitions(t.catalog, categories, sellers, query, locale).filter((d) => !(d.key in fixed)),
    title: prefix ? (prefix.at(-1)?.name ?? title) : title,
    crumbs,
    base,
    status: unknown ? 404 : 200,
  };
}
