import { apiLang, type Locale } from '../../i18n/locales.ts';
import type { Advertisement, Brand, HomeSlide, ShippingStep } from '../../lib/home-types.ts';
import { createApi } from '../api/app.ts';
import { sharedDatabase } from '../db/index.ts';

/**
 * The home page's editorial data, read at build time through the very API calls of spec section 7
 * (GET /sliders, /advertisements, /brands, /shipping-steps), in-process, so the page shows what the API serves.
 */
export async function homeFeed(locale: Locale) {
  const api = createApi({ db: (await sharedDatabase()).db });
  const get = async <T>(path: string): Promise<T> => {
    const res = await api.request(`/api${path}?lang=${apiLang(locale)}`);
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status} while building the home page`);
    return ((await res.json()) as { data: T }).data;
  };
  const [slides, advertisements, brands, shippingSteps] = await Promise.all([
    get<HomeSlide[]>('/sliders'),
    get<Advertisement[]>('/advertisements'),
    get<Brand[]>('/brands'),
    get<ShippingStep[]>('/shipping-steps'),
  ]);
  return { slides, advertisements, brands, shippingSteps };
}
