import type { PageMeta } from './types.ts';

export interface PageSlice<T> {
  /** 1-based page number. */
  page: number;
  items: T[];
  meta: PageMeta;
}

/** Splits a listing into pages; an empty listing still has one (empty) page so its URL answers. */
export function paginateList<T>(items: readonly T[], perPage: number): PageSlice<T>[] {
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  return Array.from({ length: lastPage }, (_, i) => ({
    page: i + 1,
    items: items.slice(i * perPage, (i + 1) * perPage),
    meta: { page: i + 1, per_page: perPage, total: items.length, last_page: lastPage },
  }));
}

/** The path of a listing page: page 1 is the listing itself, later pages are `<base>/page/<n>`. */
export const listingPagePath = (base: string, page: number): string =>
  page <= 1 ? base : `${base.replace(/\/$/, '')}/page/${page}`;

/** The rest parameter value of a listing page (`undefined` for page 1, `page/2` …). */
export const pageParam = (page: number): string | undefined => (page <= 1 ? undefined : `page/${page}`);
