import { Hono } from 'hono';
import { formatOrderId } from '../../i18n/format.ts';
import { interpolate } from '../../i18n/t.ts';
import { serverConfig } from '../config.ts';
import { StartPaymentSchema } from '../../lib/schemas/orders.ts';
import { gatewayFor, providerAvailable, SANDBOX_PATH, sandboxEnabled, sandboxKeys } from '../payments/gateways.ts';
import { createSandboxGateway } from '../payments/sandbox/sandbox-gateway.ts';
import { settleCallback } from '../payments/settle.ts';
import { paymentReturnTarget } from '../payments/return-target.ts';
import { startPayment } from '../payments/start-payment.ts';
import { Problem } from '../problem.ts';
import type { ApiEnv } from './context.ts';
import { requireUser } from './require-user.ts';
import { validate } from './validation.ts';

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
  .on(['GET', 'POST'], ['/payments/return', '/opay/cancel'], (c) => c.redirect(paymentReturnTarget(new URL(c.req.url))!, 303))
  .post('/payments/:provider', requireUser, validate('json', StartPaymentSchema), async (c) => {
    const provider = c.req.param('provider');
    if (!providerAvailable(provider)) throw new Problem(404, 'orders.paymentUnavailable');
    const t = c.get('t');
    const orderId = c.req.valid('json').order_id;
    const started = await startPayment(c.get('db'), {
      userId: c.get('userId'),
      orderId,
      provider,
      origin: publicOrigin(),
      locale: c.get('locale'),
      description: `${t.site.name} – ${interpolate(t.orders.checkout.orderNumber, { id: formatOrderId(orderId) })}`,
    });
    return c.json({ data: started }, 201);
  })
  .post('/payments/:provider/callback', async (c) => {
    const provider = c.req.param('provider');
    const gateway = providerAvailable(provider) ? gatewayFor(provider, publicOrigin()) : undefined;
    if (!gateway) throw new Problem(404, 'api.unknownProvider');
    // The signature covers the exact bytes received: read the raw body, never a re-serialised one.
    const settled = await settleCallback(c.get('db'), gateway, c.req.raw.headers, await c.req.text(), new URL(c.req.url));
    if (settled.outcome === 'refused') throw new Problem(401, 'api.callbackRefused');
    return c.json({ data: { outcome: settled.outcome } });
  })
  // Paymob's response callback: the shopper's browser back from the unified checkout with the transaction signed in
  // its query. Verified and applied like the processed callback (whichever comes first settles; the other is a
  // duplicate), then the shopper goes to the page that waits for the order, as from any provider.
  .get('/payments/paymob/response', async (c) => {
    const url = new URL(c.req.url);
    const gateway = providerAvailable('paymob') ? gatewayFor('paymob', publicOrigin()) : undefined;
    if (gateway) await settleCallback(c.get('db'), gateway, c.req.raw.headers, '', url);
    const back = new URL('/api/payments/return', url);
    back.searchParams.set('order', url.searchParams.get('shop_order') ?? '');
    back.searchParams.set('lang', url.searchParams.get('lang') ?? '');
    return c.redirect(paymentReturnTarget(back)!, 303);
  });

/** The sandbox provider under /api/sandbox-gateway, only where it is enabled (docs/payments.md). */
export function sandboxRoutes() {
  return sandboxEnabled() ? createSandboxGateway({ keys: sandboxKeys, publicPath: SANDBOX_PATH }) : undefined;
}
