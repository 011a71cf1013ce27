import type { Locale } from '#i18n/locales.ts';
import type { Advertisement, Brand, HomeSlide, ShippingStep } from '#lib/home-types.ts';
import type { ShopDb } from '../../db/index.ts';
import { suspendedSellerIds } from '../catalog/out-of-shop.ts';
import { homeEntries } from './home-entries.ts';
import { localField } from '#i18n/localized.ts';

const art = (name: string) => `/api/media/art/${name}.svg`;

/** The home page's slides in their order: the defaults in code and what the editors' desk published. */
export const listSlides = async (db: ShopDb, locale: Locale): Promise<HomeSlide[]> =>
  (await homeEntries(db, 'slides', locale)).map((s, i) => ({
    id: i + 1,
    title: s.title,
    text: s.text,
    image: art(s.art),
    image_alt: s.alt,
    cta: s.cta,
    link: s.link,
  }));

export const listAdvertisements = async (db: ShopDb, locale: Locale): Promise<Advertisement[]> =>
  (await homeEntries(db, 'ads', locale)).map((a, i) => ({
    id: i + 1,
    title: a.title,
    text: a.text,
    image: art(a.art),
    image_alt: a.alt,
    link: a.link,
  }));

export const listShippingSteps = async (db: ShopDb, locale: Locale): Promise<ShippingStep[]> =>
  (await homeEntries(db, 'steps', locale)).map((s, i) => ({ step: i + 1, icon: s.icon, title: s.title, text: s.text }));

/**
 * The brands strip (GET /api/brands and the home page's strip, home-feed.ts): every seller in the shop with its logo,
 * linking to its profile page. A suspended seller is left out, as its page is (out-of-shop.ts).
 */
export async function listBrands(db: ShopDb, locale: Locale): Promise<Brand[]> {
  const suspended = await suspendedSellerIds(db);
  let query = db.selectFrom('sellers').select(['id', 'name_en', 'name_ar', 'logo']).orderBy('id');
  if (suspended.length) query = query.where('id', 'not in', suspended);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    name: localField(locale, r, 'name'),
    logo: r.logo,
    link: `/seller-profile/${r.id}`,
  }));
}
