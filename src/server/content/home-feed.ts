import type { Locale } from '../../i18n/locales.ts';
import { sharedDatabase } from '../db/index.ts';
import { listAdvertisements, listBrands, listShippingSteps, listSlides } from '../services/home/home.ts';

/**
 * The home page's editorial data, read at build time from the same services that answer
 * GET /sliders, /advertisements, /brands and /shipping-steps, so the page shows what the API serves.
 */
export async function homeFeed(locale: Locale) {
  const { db } = await sharedDatabase();
  return {
    slides: listSlides(locale),
    advertisements: listAdvertisements(locale),
    brands: await listBrands(db, locale),
    shippingSteps: listShippingSteps(locale),
  };
}
