import { Hono } from 'hono';
import { routePath } from 'hono/route';
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
import { healthStatusCode, shopHealth } from '../observability/health.ts';
import { nameRequester, nameRoute } from '../observability/request-context.ts';
import { adminRoutes } from '../../desk/shell/server/desk-api.ts';
import { sellerRoutes } from '../../seller/portal/server/seller-api.ts';
import { courierWebhookRoutes, sandboxCourierRoutes } from './courier-webhook-routes.ts';
import { documented, ok } from './openapi/describe.ts';
import { serveOpenApi } from './openapi/serve.ts';
import * as z from 'zod/mini';

const Health = z.object({
  ok: z.literal(true),
  status: z.enum(['starting', 'ready', 'switching', 'degraded']),
  search: z.enum(['ready', 'building', 'off']),
  database: z.enum(['ok', 'failing']),
  build: z.object({ id: z.nullable(z.string()), published: z.boolean() }),
});
import { whatsappRoutes } from './whatsapp-routes.ts';
import { pushRoutes } from './push-routes.ts';

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
    // For the request log and metrics (src/server/http/request-log.ts): the template of the route that answered, and
    // who asked, once a guard knew. A path no route matched stops at a middleware (`/api/*`): its 404 is counted as
    // `/api/unmatched`, so made-up paths cannot grow the metrics' label sets (no API route is a wildcard).
    const route = routePath(c);
    nameRoute(!route || route.endsWith('*') ? '/api/unmatched' : route);
    nameRequester({ shopperId: c.get('userId'), staffId: c.get('staff')?.id });
  });
  // Readiness for a load balancer: the database, the search index (built at start, decision 013), the build served.
  api.get(
    '/health',
    documented({
      summary: 'Whether this instance can serve (readiness for a load balancer)',
      description:
        '`status`: `starting` while the search index is built, `ready`, `switching` while a publish loads the new build (still serving), `degraded` when the database does not answer.',
      tags: ['Meta'],
      responses: {
        200: ok('Ready, or switching builds while still serving.', Health),
        503: ok('Starting or degraded: take the instance out of rotation.', Health),
      },
    }),
    async (c) => {
      const health = await shopHealth(db);
      c.header('cache-control', 'no-store');
      return c.json({ data: health }, healthStatusCode(health));
    },
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
  api.route('/', whatsappRoutes);
  api.route('/', pushRoutes);
  const sandbox = sandboxRoutes();
  if (sandbox) api.route('/sandbox-gateway', sandbox);
  api.route('/', authRoutes);
  api.route('/', profileRoutes);
  api.route('/', addressRoutes);
  api.route('/', courierWebhookRoutes);
  // The sandbox courier posts its webhooks through this same API, as the company's would arrive.
  api.route(
    '/',
    sandboxCourierRoutes(async (body, headers) =>
      api.request('/api/couriers/sandbox/webhook', { method: 'POST', body: JSON.stringify(body), headers }),
    ),
  );
  api.route('/admin', adminRoutes);
  api.route('/seller', sellerRoutes);
  serveOpenApi(api);
  api.notFound((c) => problemResponse(new Problem(404, 'api.notFound'), c));
  api.onError(handleError);
  return api;
}

export type Api = ReturnType<typeof createApi>;
