import { Hono } from 'hono';
import { formatOrderId } from '#i18n/format.ts';
import { interpolate } from '#i18n/t.ts';
import { serverConfig } from '../config.ts';
import { StartPaymentSchema } from '#lib/schemas/orders.ts';
import { gatewayFor, providerAvailable, SANDBOX_PATH, sandboxEnabled, sandboxKeys } from '../payments/gateways.ts';
import { createSandboxGateway } from '../payments/sandbox/sandbox-gateway.ts';
import { settleCallback, webhookOutcomeOf } from '../payments/settle.ts';
import { paymentReturnTarget } from '../payments/return-target.ts';
import { startPayment } from '../payments/start-payment.ts';
import { Problem } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';
import * as z from 'zod/mini';
import { countedWebhook } from '../observability/business-metrics.ts';
import { metrics } from '../observability/metrics.ts';
import { documenter, ok, redirect, refused } from './openapi/describe.ts';

const documented = documenter('Payments');

/**
 * This server's public origin, from configuration only (SITE_URL; in the demo, HOST and PORT): never from the
 * request, whose Host header anyone can write (issue 19: it decided where the provider's key was sent).
 */
const publicOrigin = () => serverConfig().publicOrigin;

/**
 * Online payments (issue 12, docs/payments.md). Starting a payment needs the shopper; callbacks are public and
 * trusted only through their signature; the browser's return only decides which page to show, never the payment.
 */
export const paymentRoutes = new Hono<ApiEnv>()
  // Before /payments/:provider, which would otherwise take 'return' for a provider.
  // The HTTP server answers these before Astro (PayTabs returns with a cross-site form POST, which Astro's origin
  // check refuses); the same answers here keep `app.request()` tests and `astro dev` working.
  .on(
    ['GET', 'POST'],
    ['/payments/return', '/opay/cancel'],
    documented({
      summary: "The shopper's browser back from the provider's payment page",
      description: 'Only decides which page to show (the success page, or the payment step after a cancel); never the payment.',
      responses: { 303: redirect('To the checkout success page, or back to the payment step.') },
    }),
    (c) => c.redirect(paymentReturnTarget(new URL(c.req.url))!, 303),
  )
  .post(
    '/payments/:provider',
    documented({
      summary: "Start the hosted payment of one of the shopper's PENDING orders",
      description:
        "A mobile-wallet payment (Paymob) may carry `wallet_phone`, the wallet's Egyptian mobile number as typed (01x…, +20…, Arabic-Indic digits); it goes to Paymob as the wallet's number instead of the account's. A number that is not an Egyptian mobile is refused 422 on that field.",
      responses: {
        201: ok('Where to send the shopper.', z.looseObject({ redirect_url: z.string() })),
        404: refused('Unknown provider, or no such order of this shopper.'),
        409: refused('The order is not waiting for a payment.'),
        502: refused('The payment provider could not be reached.'),
      },
      callbacks: {
        paymentResult: {
          expression: '{$request.path.provider}/callback',
          summary: "The provider's signed payment result",
          description: 'Sent by the provider to `POST /payments/{provider}/callback` (below), server to server.',
        },
      },
    }),
    requireUser,
    validate('json', StartPaymentSchema),
    async (c) => {
      const provider = c.req.param('provider');
      if (!providerAvailable(provider)) throw new Problem(404, 'orders.paymentUnavailable');
      const t = c.get('t');
      const { order_id: orderId, wallet_phone: walletPhone } = c.req.valid('json');
      const started = await startPayment(c.get('db'), {
        userId: c.get('userId'),
        orderId,
        provider,
        origin: publicOrigin(),
        locale: c.get('locale'),
        walletPhone,
        description: `${t.site.name} – ${interpolate(t.orders.checkout.orderNumber, { id: formatOrderId(orderId) })}`,
      });
      return c.json({ data: started }, 201);
    },
  )
  .post(
    '/payments/:provider/callback',
    documented({
      summary: "A payment provider's signed server-to-server result (PayTabs, OPay, Paymob, Fawry)",
      description:
        "Trusted only through its signature over the exact bytes (PayTabs: the `signature` header, HMAC-SHA256 with the server key; OPay: the body's HMAC-SHA512; Paymob: the `hmac` query parameter, HMAC-SHA512 of the documented 20 fields; Fawry: the body's `messageSignature`, SHA-256). Idempotent: a repeat answers `duplicate`. The body is the provider's own format.",
      tags: ['Payment callbacks'],
      security: 'signature',
      responses: {
        200: ok('Taken.', z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored', 'flagged']) })),
        401: refused(
          "The body is not the provider's documented shape, or the signature, the payment or the amount does not match; nothing changes.",
        ),
        404: refused('Unknown provider.'),
        413: refused('Larger than 64 KB: refused while it arrives, before the signature is checked.'),
      },
    }),
    async (c) => {
      const provider = c.req.param('provider');
      const gateway = providerAvailable(provider) ? gatewayFor(provider, publicOrigin()) : undefined;
      if (!gateway) throw new Problem(404, 'api.unknownProvider');
      // The signature covers the exact bytes received: read the raw body, never a re-serialised one.
      const settled = await countedWebhook(
        (outcome) => metrics().webhooks.inc({ provider: gateway.name, outcome }),
        async () => {
          const answer = await settleCallback(c.get('db'), gateway, c.req.raw.headers, await c.req.text(), new URL(c.req.url));
          if (answer.outcome === 'refused') throw new Problem(401, 'api.callbackRefused');
          return answer;
        },
        webhookOutcomeOf,
      );
      return c.json({ data: { outcome: settled.outcome } });
    },
  )
  // Paymob's response callback: the shopper's browser back from the unified checkout with the transaction signed in
  // its query. Verified and applied like the processed callback (whichever comes first settles; the other is a
  // duplicate), then the shopper goes to the page that waits for the order, as from any provider.
  .get(
    '/payments/paymob/response',
    documented({
      summary: "The shopper's browser back from Paymob's unified checkout",
      description:
        'The transaction comes signed in the query (`hmac`, HMAC-SHA512 of the documented 20 fields); verified and applied like the processed callback, then the shopper is sent to the page that waits for the order.',
      tags: ['Payment callbacks'],
      security: 'signature',
      responses: { 303: redirect('To the checkout success page, or back to the payment step.') },
    }),
    async (c) => {
      const url = new URL(c.req.url);
      const gateway = providerAvailable('paymob') ? gatewayFor('paymob', publicOrigin()) : undefined;
      if (gateway)
        metrics().webhooks.inc({
          provider: gateway.name,
          outcome: webhookOutcomeOf(await settleCallback(c.get('db'), gateway, c.req.raw.headers, '', url)),
        });
      const back = new URL('/api/payments/return', url);
      back.searchParams.set('order', url.searchParams.get('shop_order') ?? '');
      back.searchParams.set('lang', url.searchParams.get('lang') ?? '');
      return c.redirect(paymentReturnTarget(back)!, 303);
    },
  );

/** The sandbox provider under /api/sandbox-gateway, only where it is enabled (docs/payments.md). */
export function sandboxRoutes() {
  return sandboxEnabled() ? createSandboxGateway({ keys: sandboxKeys, publicPath: SANDBOX_PATH }) : undefined;
}
