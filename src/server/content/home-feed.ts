import type { Locale } from '#i18n/locales.ts';
import { sharedDatabase } from '../db/index.ts';
import { listAdvertisements, listBrands, listShippingSteps, listSlides } from '../services/home/home.ts';

/**
 * The home page's editorial data, read at build time from the same services that answer
 * GET /sliders, /advertisements, /brands and /shipping-steps, so the page shows what the API serves. Slides,
 * advertisements and steps edited in the editors' desk reach the page with the publish that builds them.
 */
export async function homeFeed(locale: Locale) {
  const { db } = await sharedDatabase();
  const [slides, advertisements, brands, shippingSteps] = await Promise.all([
    listSlides(db, locale),
    listAdvertisements(db, locale),
    listBrands(db, locale),
    listShippingSteps(db, locale),
  ]);
  return { slides, advertisements, brands, shippingSteps };
}
