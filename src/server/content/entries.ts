import { getCollection, type CollectionEntry, type DataEntryMap } from 'astro:content';
import type { Locale } from '#i18n/locales.ts';
import { offerActive } from '#lib/offers.ts';
import { slugOf } from '#lib/content/entry-urls.ts';
import { pageParam, paginateList } from '#lib/paging.ts';
import { serverConfig } from '../config.ts';

type Name = keyof DataEntryMap;

/** One language's entries of a collection. */
export const entriesIn = <C extends Name>(collection: C, locale: Locale): Promise<CollectionEntry<C>[]> =>
  getCollection(collection, (entry: { id: string }) => entry.id.startsWith(`${locale}/`)) as Promise<CollectionEntry<C>[]>;

/** Newest first, for entries with a `date`. */
export async function newestIn<C extends 'articles' | 'reviews' | 'recipes'>(collection: C, locale: Locale) {
  const entries = await entriesIn(collection, locale);
  return entries.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

/** getStaticPaths helper: one path per entry per language, keyed by slug. */
export async function entryPaths<C extends Name>(collection: C, locales: readonly Locale[]) {
  const paths = [];
  for (const locale of locales)
    for (const entry of await entriesIn(collection, locale))
      paths.push({ params: { locale, id: slugOf(entry) }, props: { entry } });
  return paths;
}

/** Items per listing page. */
export const perPage = { articles: 4, reviews: 6, recipes: 6, shops: 9, offers: 9 } as const;

/** getStaticPaths helper for a paginated listing under a `[...page]` rest parameter. */
export async function listingPaths<T>(locales: readonly Locale[], load: (locale: Locale) => Promise<T[]>, size: number) {
  const paths = [];
  for (const locale of locales)
    for (const slice of paginateList(await load(locale), size))
      paths.push({ params: { locale, page: pageParam(slice.page) }, props: { slice } });
  return paths;
}

/** Rough reading time of a Markdown body: 200 words a minute, at least one. */
export const readingMinutes = (body: string | undefined): number =>
  Math.max(1, Math.round((body ?? '').split(/\s+/).length / 200));

/** Coffee shops in their editorial order. */
export const shopsInOrder = async (locale: Locale) =>
  (await entriesIn('shops', locale)).sort((a, b) => a.data.order - b.data.order);

/**
 * The instant a build judges offers at: now, or the time of the desk's release it builds (so a scheduled publish shows
 * the offers of its own moment, and a test can move the clock).
 */
export const buildNow = (): Date => serverConfig().contentNow ?? new Date();

/** Offers running now, the soonest to end first. */
export async function runningOffers(locale: Locale, now = buildNow()) {
  return (await entriesIn('offers', locale))
    .filter((o) => offerActive(o.data, now))
    .sort((a, b) => a.data.validUntil.getTime() - b.data.validUntil.getTime());
}
