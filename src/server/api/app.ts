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
import { documented, ok } from './openapi/describe.ts';
import { serveOpenApi } from './openapi/serve.ts';
import * as z from 'zod/mini';

const Health = z.object({ ok: z.literal(true), search: z.enum(['ready', 'building']) });

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
  api.get(
    '/health',
    documented({
      summary: 'Whether the server is up',
      description: 'For load balancers and the test harness; `search` says whether the search index is built yet.',
      tags: ['Meta'],
      responses: { 200: ok('Up.', Health) },
    }),
    (c) => c.json({ data: { ok: true as const, search: searchIndexReady(db) ? ('ready' as const) : ('building' as const) } }),
  );
  if (testFaultsEnabled())
    api.get('/__fail', documented({ summary: 'A forced 500', tags: ['Meta'], responses: {}, hidden: 'a test fault' }), () => {
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
  const sandbox = sandboxRoutes();
  if (sandbox) api.route('/sandbox-gateway', sandbox);
  api.route('/', authRoutes);
  api.route('/', profileRoutes);
  api.route('/', addressRoutes);
  api.route('/admin', adminRoutes);
  serveOpenApi(api);
  api.notFound((c) => problemResponse(new Problem(404, 'api.notFound'), c));
  api.onError(handleError);
  return api;
}

export type Api = ReturnType<typeof createApi>;
