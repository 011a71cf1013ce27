import { Hono } from 'hono';
import { serverConfig } from '../config.ts';
import { StartPaymentSchema } from '../../lib/schemas/orders.ts';
import { gatewayFor, providerAvailable, SANDBOX_PATH, sandboxEnabled, sandboxKeys } from '../payments/gateways.ts';
import { createSandboxGateway } from '../payments/sandbox/sandbox-gateway.ts';
import { settleCallback } from '../payments/settle.ts';
import { paymentReturnTarget } from '../payments/return-target.ts';
import { startPayment } from '../payments/start-payment.ts';
import type { ApiEnv } from './context.ts';
import { errorBody } from './errors.ts';
import { answering } from './order-problems.ts';
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
    if (!providerAvailable(provider)) return c.json(errorBody(c.get('t').orders.errors.paymentUnavailable), 404);
    return answering(c, async () => {
      const started = await startPayment(c.get('db'), {
        userId: c.get('userId'),
        orderId: c.req.valid('json').order_id,
        provider,
        origin: publicOrigin(),
        locale: c.get('locale'),
      });
      return c.json({ data: started }, 201);
    });
  })
  .post('/payments/:provider/callback', async (c) => {
    const provider = c.req.param('provider');
    const gateway = providerAvailable(provider) ? gatewayFor(provider, publicOrigin()) : undefined;
    if (!gateway) return c.json(errorBody('Unknown payment provider'), 404);
    // The signature covers the exact bytes received: read the raw body, never a re-serialised one.
    const settled = await settleCallback(c.get('db'), gateway, c.req.raw.headers, await c.req.text());
    if (settled.outcome === 'refused') return c.json(errorBody('Callback refused'), 401);
    return c.json({ data: { outcome: settled.outcome } });
  });

/** The sandbox provider under /api/sandbox-gateway, only where it is enabled (docs/payments.md). */
export function sandboxRoutes() {
  return sandboxEnabled() ? createSandboxGateway({ keys: sandboxKeys, publicPath: SANDBOX_PATH }) : undefined;
}
