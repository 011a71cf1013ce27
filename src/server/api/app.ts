import { Hono } from 'hono';
import { testFaultsEnabled } from '../http/request-id.ts';
import { localeFromApiLang } from '../../i18n/locales.ts';
import { fromAcceptLanguage } from '../../i18n/negotiate.ts';
import { dictionary } from '../../i18n/t.ts';
import type { ShopDb } from '../db/index.ts';
import { cartRoutes } from './cart-routes.ts';
import { catalogRoutes } from './catalog-routes.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { paymentRoutes, sandboxRoutes } from './payment-routes.ts';
import type { ApiEnv } from './context.ts';
import { contactRoutes } from './contact-routes.ts';
import { homeRoutes } from './home-routes.ts';
import { partnerRoutes } from './partner-routes.ts';
import { handleError, problemResponse } from './errors.ts';
import { Problem } from '../problem.ts';
import { mediaRoutes } from './media-routes.ts';
import { productMediaRoutes } from './product-media-routes.ts';
import { newsletterRoutes } from './newsletter-routes.ts';
import { searchRoutes } from './search-routes.ts';
import { addressRoutes } from './address-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { shopperCartRoutes } from './shopper-cart-routes.ts';
import { searchIndexReady } from '../search/registry.ts';
import { adminRoutes } from './admin/index.ts';
import { whatsappRoutes } from './whatsapp-routes.ts';

export interface ApiDeps {
  db: ShopDb;
}

/** The JSON API under /api (spec section 7): `data` envelope, `lang=en-US|ar-SA`, `{message, messages}` errors. */
export function createApi({ db }: ApiDeps) {
  const api = new Hono<ApiEnv>().basePath('/api');
  api.use(async (c, next) => {
    // `lang` decides (spec section 7); without it, the best of Accept-Language with its q-values.
    const lang = c.req.query('lang');
    const locale = lang ? localeFromApiLang(lang) : (fromAcceptLanguage(c.req.header('accept-language')) ?? 'en');
    c.set('db', db);
    c.set('locale', locale);
    c.set('t', dictionary(locale));
    await next();
  });
  // `search` says whether the search index is built yet (it is built at start, decision 013).
  api.get('/health', (c) => c.json({ data: { ok: true, search: searchIndexReady(db) ? 'ready' : 'building' } }));
  if (testFaultsEnabled())
    api.get('/__fail', () => {
      throw new Error('Forced failure (test fault)');
    });
  api.route('/', catalogRoutes);
  api.route('/', searchRoutes);
  api.route('/', cartRoutes);
  api.route('/', newsletterRoutes);
  api.route('/', mediaRoutes);
  api.route('/', productMediaRoutes);
  api.route('/', homeRoutes);
  api.route('/', contactRoutes);
  api.route('/', partnerRoutes);
  api.route('/', shopperCartRoutes);
  api.route('/', orderRoutes);
  api.route('/', checkoutRoutes);
  api.route('/', paymentRoutes);
  api.route('/', whatsappRoutes);
  const sandbox = sandboxRoutes();
  if (sandbox) api.route('/sandbox-gateway', sandbox);
  api.route('/', authRoutes);
  api.route('/', profileRoutes);
  api.route('/', addressRoutes);
  api.route('/admin', adminRoutes);
  api.notFound((c) => problemResponse(new Problem(404, 'api.notFound'), c));
  api.onError(handleError);
  return api;
}

export type Api = ReturnType<typeof createApi>;
