import { getEntry, type CollectionEntry } from 'astro:content';
import type { Locale } from '#i18n/locales.ts';

export type InfoSlug = 'about-us' | 'privacy-policy' | 'terms-and-conditions';

/** An information page's entry in one language; a missing translation fails the build, not a shopper. */
export async function infoPageEntry(locale: Locale, slug: InfoSlug): Promise<CollectionEntry<'pages'>> {
  const entry = await getEntry('pages', `${locale}/${slug}`);
  if (!entry) throw new Error(`Missing info page ${locale}/${slug}`);
  return entry;
}
