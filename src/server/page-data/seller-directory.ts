import { otherLocales, type Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routes.ts';
import { dictionary } from '#i18n/t.ts';
import type { Crumb } from '#lib/catalog/structured-data.ts';
import { foldText } from '#lib/search/normalize.ts';
import type { Seller } from '#lib/types.ts';
import type { ShopDb } from '../db/index.ts';
import { listSellers } from '../services/catalog/sellers.ts';

export interface SellerDirectoryView {
  /** The search text as the shopper typed it (trimmed); empty for the whole directory. */
  query: string;
  sellers: Seller[];
  crumbs: Crumb[];
  title: string;
}

const MAX_QUERY = 100;

/**
 * The sellers directory (/seller-profile without an id), optionally narrowed by ?query=. A seller matches
 * when every word of the query is found in its name or city in either language, so "بن" and "Bean" or
 * "Cairo" and "القاهرة" both find what the shopper has in mind, whatever the page's language.
 */
export async function loadSellerDirectory(db: ShopDb, locale: Locale, rawQuery: string | null): Promise<SellerDirectoryView> {
  const t = dictionary(locale);
  const query = (rawQuery ?? '').trim().slice(0, MAX_QUERY);
  const all = await listSellers(db);
  const [sellers, translations] = [all[locale], otherLocales(locale).flatMap((other) => all[other])];
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const haystack = new Map(sellers.map((s) => [s.id, foldText(`${s.name} ${s.city}`)]));
  for (const s of translations) haystack.set(s.id, `${haystack.get(s.id) ?? ''} ${foldText(`${s.name} ${s.city}`)}`);
  const matching = words.length ? sellers.filter((s) => words.every((w) => haystack.get(s.id)!.includes(w))) : sellers;
  return {
    query,
    sellers: matching,
    title: t.catalog.sellersTitle,
    crumbs: [{ name: t.catalog.home, href: localePath(locale, '/') }, { name: t.catalog.sellersTitle }],
  };
}
