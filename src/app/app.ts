import { Hono } from 'hono';
import { routePath } from 'hono/route';
import { testFaultsEnabled } from '#server/http/request-id.ts';
import { localeFromApiLang } from '#i18n/locales.ts';
import { fromAcceptLanguage } from '#i18n/negotiate.ts';
import { dictionary } from '#i18n/t.ts';
import type { ShopDb } from '#server/db/index.ts';
import { cartRoutes } from '#server/api/cart-routes.ts';
import { catalogRoutes } from '#server/api/catalog-routes.ts';
import { checkoutRoutes } from '#server/api/checkout-routes.ts';
import { orderRoutes } from '#server/api/order-routes.ts';
import { paymentRoutes, sandboxRoutes } from '#server/api/payment-routes.ts';
import type { ApiEnv } from '#server/api/context.ts';
import { contactRoutes } from '#server/api/contact-routes.ts';
import { homeRoutes } from '#server/api/home-routes.ts';
import { partnerRoutes } from '#server/api/partner-routes.ts';
import { handleError, problemResponse } from '#server/api/errors.ts';
import { limitBodies } from '#server/api/body-limits.ts';
import { Problem } from '#server/problem.ts';
import { mediaRoutes } from '#server/api/media-routes.ts';
import { productMediaRoutes } from '#server/api/product-media-routes.ts';
import { newsletterRoutes } from '#server/api/newsletter-routes.ts';
import { searchRoutes } from '#server/api/search-routes.ts';
import { addressRoutes } from '#server/api/address-routes.ts';
import { authRoutes } from '#server/api/auth-routes.ts';
import { profileRoutes } from '#server/api/profile-routes.ts';
import { shopperCartRoutes } from '#server/api/shopper-cart-routes.ts';
import { healthStatusCode, shopHealth } from '#server/observability/health.ts';
import { nameRequester, nameRoute } from '#server/observability/request-context.ts';
import { adminRoutes } from '#desk/shell/server/desk-api.ts';
import { sellerRoutes } from '#seller/portal/server/seller-api.ts';
import { courierWebhookRoutes, sandboxCourierRoutes } from '#server/api/courier-webhook-routes.ts';
import { documented, ok } from '#server/api/openapi/describe.ts';
import { serveOpenApi } from './openapi-serve.ts';
import * as z from 'zod/mini';

const Health = z.object({
  ok: z.literal(true),
  status: z.enum(['starting', 'ready', 'switching', 'degraded']),
  search: z.enum(['ready', 'building', 'off']),
  database: z.enum(['ok', 'failing', 'lost']),
  databaseProblem: z.optional(z.string()),
  build: z.object({ id: z.nullable(z.string()), published: z.boolean() }),
});
const Live = z.object({ ok: z.literal(true) });
import { whatsappRoutes } from '#server/api/whatsapp-routes.ts';
import { pushRoutes } from '#server/api/push-routes.ts';
import { reviewRoutes } from '#server/api/review-routes.ts';
import { reviewPhotoRoutes } from '#server/api/review-photo-routes.ts';

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
  // Every body within its route's limit, refused while it arrives (issue 49).
  api.use(limitBodies);
  // Liveness: the process answers, nothing more (no database, no index). What a supervisor's restart check asks, and
  // the benchmarks' "do nothing" baseline: a request's fixed cost through the server, Astro and this app (issue 56).
  api.get(
    '/health/live',
    documented({
      summary: 'Whether this process answers (liveness; never asks the database)',
      description:
        'Always `{ "data": { "ok": true } }` while the process serves. Use `/api/health` for readiness (whether to send traffic).',
      tags: ['Meta'],
      responses: { 200: ok('The process answers.', Live) },
    }),
    (c) => {
      c.header('cache-control', 'no-store');
      return c.json({ data: { ok: true as const } });
    },
  );
  // Readiness for a load balancer: the database, the search index (built at start, decision 013), the build served.
  api.get(
    '/health',
    documented({
      summary: 'Whether this instance can serve (readiness for a load balancer)',
      description:
        '`status`: `starting` while the search index is built, `ready`, `switching` while a publish loads the new build (still serving), `degraded` when the database does not answer or its file is no longer the one opened (`database: lost`, with `databaseProblem`).',
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
  api.route('/', reviewPhotoRoutes);
  api.route('/', reviewRoutes);
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
