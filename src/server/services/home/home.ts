import type { Locale } from '../../../i18n/locales.ts';
import type { Advertisement, Brand, HomeSlide, ShippingStep } from '../../../lib/home-types.ts';
import type { ShopDb } from '../../db/index.ts';
import { advertisements, shippingSteps, slides } from './home-data.ts';

const art = (name: string) => `/api/media/art/${name}.svg`;

export const listSlides = (locale: Locale): HomeSlide[] =>
  slides.map((s) => ({
    id: s.id,
    title: s.title[locale],
    text: s.text[locale],
    image: art(s.art),
    image_alt: s.alt[locale],
    cta: s.cta[locale],
    link: s.link,
  }));

export const listAdvertisements = (locale: Locale): Advertisement[] =>
  advertisements.map((a) => ({
    id: a.id,
    title: a.title[locale],
    text: a.text[locale],
    image: art(a.art),
    image_alt: a.alt[locale],
    link: a.link,
  }));

export const listShippingSteps = (locale: Locale): ShippingStep[] =>
  shippingSteps.map((s) => ({ step: s.step, icon: s.icon, title: s.title[locale], text: s.text[locale] }));

/** The brands strip: every seller with its logo, linking to its profile page. */
export async function listBrands(db: ShopDb, locale: Locale): Promise<Brand[]> {
  const rows = await db.selectFrom('sellers').select(['id', 'name_en', 'name_ar', 'logo']).orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    name: locale === 'ar' ? r.name_ar : r.name_en,
    logo: r.logo,
    link: `/seller-profile/${r.id}`,
  }));
}
