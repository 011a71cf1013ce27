import type { FilterDefinition } from './filters.ts';
import type { Crumb } from './structured-data.ts';
import type { ProductsQuery } from '../schemas/products-query.ts';
import type { PageMeta, ProductCard } from '../types.ts';

/** Everything a listing page draws (products listing, category listing, seller page), loaded by the page. */
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
