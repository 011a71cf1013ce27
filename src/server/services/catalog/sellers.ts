import type { Selectable } from 'kysely';
import { sortByName } from '#i18n/format.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Seller } from '#lib/types.ts';
import type { ShopDb } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { listingTotal } from './listing-ids.ts';
import { localField } from '#i18n/localized.ts';
import { NO_SELLER_RATING, sellerRatings, type SellerRating } from '../reviews/seller-rating.ts';
import { readIdOrSlug } from '#lib/catalog/id-or-slug.ts';

function toSeller(
  row: Selectable<Database['sellers']>,
  productsCount: number,
  locale: Locale,
  rating: SellerRating = NO_SELLER_RATING,
): Seller {
  return {
    id: row.id,
    slug: row.slug,
    name: localField(locale, row, 'name'),
    description: localField(locale, row, 'description'),
    city: localField(locale, row, 'city'),
    // From the approved reviews of its products (issue 52), not the seller row's old demo number.
    rating: rating.rating,
    ratings_count: rating.ratings_count,
    logo: row.logo,
    products_count: productsCount,
  };
}

/** A seller (brand) with the number of products it lists; by id or slug. */
export async function findSeller(db: ShopDb, idOrSlug: string, locale: Locale): Promise<Seller | undefined> {
  // A suspended seller's page is gone from the shop until it is reinstated.
  const asked = readIdOrSlug(idOrSlug);
  if (!asked) return undefined;
  const base = db.selectFrom('sellers').selectAll().where('status', '=', 'active');
  const row = await ('id' in asked ? base.where('id', '=', asked.id) : base.where('slug', '=', asked.slug)).executeTakeFirst();
  if (!row) return undefined;
  // The same per-version count as the seller page's listing: counted once, not on every page of it.
  const [total, ratings] = await Promise.all([listingTotal(db, { seller: [row.id] }), sellerRatings(db, [row.id])]);
  return toSeller(row, total, locale, ratings.get(row.id));
}

/**
 * Every seller with its product count in each language, each list alphabetical in its own language (the sellers
 * directory shows one and searches both): one read of the sellers and one count, whatever the languages.
 */
export async function listSellers(db: ShopDb): Promise<Record<Locale, Seller[]>> {
  const [rows, counts, ratings] = await Promise.all([
    db.selectFrom('sellers').selectAll().where('status', '=', 'active').execute(),
    db
      .selectFrom('products')
      .select(['seller_id', (eb) => eb.fn.countAll<string | number>().as('count')])
      .groupBy('seller_id')
      .execute(),
    sellerRatings(db),
  ]);
  const countOf = new Map(counts.map((c) => [c.seller_id, Number(c.count)]));
  const inLocale = (locale: Locale) =>
    sortByName(
      rows.map((row) => toSeller(row, countOf.get(row.id) ?? 0, locale, ratings.get(row.id))),
      (s) => s.name,
      locale,
    );
  return { en: inLocale('en'), ar: inLocale('ar') };
}

/** Every seller's id and name, alphabetical in the shopper's language (the brand filter's options). */
export async function listSellerNames(db: ShopDb, locale: Locale): Promise<{ id: number; name: string }[]> {
  const rows = await db.selectFrom('sellers').select(['id', 'name_en', 'name_ar']).where('status', '=', 'active').execute();
  const named = rows.map((row) => ({ id: row.id, name: localField(locale, row, 'name') }));
  return sortByName(named, (s) => s.name, locale);
}
