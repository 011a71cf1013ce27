import type { Dictionary } from '#i18n/en.ts';
import type { Locale } from '#i18n/locales.ts';
import { plural } from '#i18n/t.ts';
import type { ProductsQuery } from '../schemas/products-query.ts';
import type { Category } from '../types.ts';

/** A filter as the spec defines it: key, name, type and options (each id and name). */
export interface FilterDefinition {
  key: 'category' | 'subCategory' | 'seller' | 'rating' | 'in_stock' | 'price';
  name: string;
  type: 'multi' | 'single' | 'range';
  options: { id: string; name: string }[];
}

/** The listing's filters: range filters (price) are defined here but drawn outside the side panel. */
export function filterDefinitions(
  t: Dictionary['catalog'],
  categories: Category[],
  sellers: { id: number; name: string }[],
  q: Pick<ProductsQuery, 'category'>,
  locale: Locale,
): FilterDefinition[] {
  const current = categories.find((c) => c.id === q.category);
  const defs: FilterDefinition[] = [
    {
      key: 'category',
      name: t.filterCategory,
      type: 'single',
      options: categories.map((c) => ({ id: String(c.id), name: c.category })),
    },
  ];
  if (current)
    defs.push({
      key: 'subCategory',
      name: t.filterSubCategory,
      type: 'single',
      options: current.sub_categories.map((s) => ({ id: String(s.id), name: s.sub_category })),
    });
  defs.push(
    { key: 'seller', name: t.filterBrand, type: 'multi', options: sellers.map((s) => ({ id: String(s.id), name: s.name })) },
    {
      key: 'rating',
      name: t.filterRating,
      type: 'single',
      options: [4, 3, 2].map((rate) => ({ id: String(rate), name: plural(t.ratingAtLeast, rate, locale) })),
    },
    { key: 'in_stock', name: t.filterAvailability, type: 'multi', options: [{ id: 'true', name: t.inStockOnly }] },
    { key: 'price', name: t.filterPrice, type: 'range', options: [] },
  );
  return defs;
}

/** The ids a filter currently has selected in a listing state. */
export function selectedIds(def: FilterDefinition, q: ProductsQuery): string[] {
  if (def.key === 'price') return [];
  const value = q[def.key];
  if (value === undefined || value === false) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** Chip text of a selected option: the capitalised key and value, "Category: Coffee" (spec section 4). */
export const chipText = (def: FilterDefinition, optionName: string) => `${capitalise(def.name)}: ${capitalise(optionName)}`;

/** The state with one selected option taken out (a chip's remove link); dependent filters go with it. */
export function without(q: ProductsQuery, def: FilterDefinition, id: string): ProductsQuery {
  const next: ProductsQuery = { ...q, page: 1 };
  if (def.key === 'seller') {
    const rest = (q.seller ?? []).filter((s) => String(s) !== id);
    if (rest.length) next.seller = rest;
    else delete next.seller;
  } else if (def.key !== 'price') {
    delete next[def.key];
    // A sub-category belongs to its category: removing the category removes both.
    if (def.key === 'category') delete next.subCategory;
  }
  return next;
}
