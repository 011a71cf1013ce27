// The cluster's payment provider (issue 54): the shop's sandbox gateway (src/server/payments/sandbox) served once, on
// its own port, for every instance, as Paymob is one service outside the shop. The built-in sandbox under
// /api/sandbox-gateway keeps its payment pages and signing keys in each process's memory (one instance): behind the
// proxy, a page opened on one instance would be asked for on another, and a callback signed by one instance's keys
// refused by the next. So the instances are given this provider's Paymob keys as live ones (PAYMOB_*) and reach it
// at PAYMOB_BASE_URL; its signed notifications reach the shop through the proxy (SITE_URL), as Paymob's would.
import { freshSandboxKeys } from '../../src/server/payments/gateways.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway.ts';
import { serveApp } from '../../tests/support/serve-app.ts';

/** Starts the provider on a loopback port; `env` is what each instance needs to use it; `close` stops it. */
export async function startPaymentProvider() {
  const keys = freshSandboxKeys();
  const served = await serveApp(createSandboxGateway({ keys, publicPath: '' }));
  const env = {
    PAYMOB_SECRET_KEY: keys.paymobSecretKey,
    PAYMOB_PUBLIC_KEY: keys.paymobPublicKey,
    PAYMOB_HMAC_SECRET: keys.paymobHmacSecret,
    PAYMOB_BASE_URL: `${served.base}/paymob`,
    ...Object.fromEntries(
      Object.entries(keys.paymobIntegrations).map(([method, id]) => [`PAYMOB_INTEGRATION_${method.toUpperCase()}`, String(id)]),
    ),
  };
  return { base: served.base, keys, env, close: served.close };
}
