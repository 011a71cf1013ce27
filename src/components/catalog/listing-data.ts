import { navigationCategories } from '../layout/navigation-data.ts';
import type { Locale } from '../../i18n/locales.ts';
import { localePath } from '../../i18n/routes.ts';
import { dictionary, interpolate } from '../../i18n/t.ts';
import { filterDefinitions, type FilterDefinition } from '../../lib/catalog/filters.ts';
import { listingHref } from '../../lib/catalog/listing-url.ts';
import type { ProductsQuery } from '../../lib/schemas/products-query.ts';
import type { PageMeta, ProductCard } from '../../lib/types.ts';
import { sharedDatabase } from '../../server/db/index.ts';
import { checkCategory } from '../../server/services/catalog/categories.ts';
import { listProducts } from '../../server/services/catalog/products.ts';
import { listSellerNames } from '../../server/services/catalog/sellers.ts';
import type { Crumb } from '../../lib/catalog/structured-data.ts';

export interface ListingView {
  query: ProductsQuery;
  result: { data: ProductCard[]; meta: PageMeta };
  definitions: FilterDefinition[];
  title: string;
  crumbs: Crumb[];
  /** Where the filter form and the pagination links point (the products listing or a seller page). */
  base: string;
  /** 404 when the URL names a category that does not exist. */
  status: 200 | 404;
}

const sellerNames = new Map<Locale, Promise<{ id: number; name: string }[]>>();

/** Everything a listing page draws, from one listing state. */
export async function loadListing(
  locale: Locale,
  requested: ProductsQuery,
  {
    base = '/products',
    crumbs: prefix,
    fixed = {},
  }: { base?: string; crumbs?: Crumb[]; fixed?: Pick<ProductsQuery, 'seller'> } = {},
): Promise<ListingView> {
  const t = dictionary(locale);
  const { db } = await sharedDatabase();
  const query = { ...requested };
  const problem = await checkCategory(db, query.category, query.subCategory);
  // A sub-category left over from another category is dropped rather than emptying the page.
  if (problem === 'unknownSubCategory' && query.category !== undefined) delete query.subCategory;
  const unknown = problem === 'unknownCategory';
  const [categories, sellers, result] = await Promise.all([
    navigationCategories(locale),
    sellerNames.get(locale) ?? sellerNames.set(locale, listSellerNames(db, locale)).get(locale)!,
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
    definitions: filterDefinitions(t.catalog, categories, sellers, query).filter((d) => !(d.key in fixed)),
    title: prefix ? (prefix.at(-1)?.name ?? title) : title,
    crumbs,
    base,
    status: unknown ? 404 : 200,
  };
}
