import { randomBytes } from 'node:crypto';
import { serverConfig } from '../config.ts';
import type { PaymentGateway, ProviderName } from './gateway.ts';
import { OPayGateway } from './opay.ts';
import { PayTabsGateway } from './paytabs.ts';

/**
 * Which gateway carries a provider's payments. Keys come from the environment only:
 * - PAYTABS_PROFILE_ID + PAYTABS_SERVER_KEY (PAYTABS_BASE_URL, default the Egypt region) → PayTabs live;
 * - OPAY_MERCHANT_ID + OPAY_PUBLIC_KEY + OPAY_SECRET_KEY (OPAY_BASE_URL, default production) → OPay live;
 * - a provider without keys goes through the built-in sandbox gateway (same protocol, on this server under
 *   /api/sandbox-gateway) unless PAYMENTS_SANDBOX=0, or in production unless PAYMENTS_SANDBOX=1;
 *   with neither, that provider's methods are not offered.
 */
export const sandboxKeys = {
  paytabsProfileId: '1',
  // Random per process: a sandbox callback can only come from this process's own sandbox.
  paytabsServerKey: randomBytes(24).toString('hex'),
  opayMerchantId: 'SANDBOX-MERCHANT',
  opayPublicKey: `OPAYPUB${randomBytes(12).toString('hex')}`,
  opaySecretKey: `OPAYPRV${randomBytes(24).toString('hex')}`,
};

export const SANDBOX_PATH = '/api/sandbox-gateway';

let override: Partial<Record<ProviderName, PaymentGateway>> | undefined;

/** Tests swap the gateways (adapters pointed at local stub servers); undefined goes back to the environment. */
export function usePaymentGateways(gateways: Partial<Record<ProviderName, PaymentGateway>> | undefined): void {
  override = gateways;
}

export const sandboxEnabled = (env?: NodeJS.ProcessEnv): boolean => serverConfig(env).sandboxPayments;

function liveGateway(name: ProviderName, env: NodeJS.ProcessEnv | undefined): PaymentGateway | undefined {
  const { paytabs, opay } = serverConfig(env);
  if (name === 'paytabs' && paytabs) return new PayTabsGateway(paytabs);
  if (name === 'opay' && opay) return new OPayGateway(opay);
  return undefined;
}

/** The gateway for a provider; `origin` is this server's public origin, where the sandbox answers. */
export function gatewayFor(name: ProviderName, origin: string, env?: NodeJS.ProcessEnv): PaymentGateway | undefined {
  const chosen = override?.[name] ?? liveGateway(name, env);
  if (chosen) return chosen;
  if (!sandboxEnabled(env)) return undefined;
  const base = `${origin}${SANDBOX_PATH}/${name}`;
  return name === 'paytabs'
    ? new PayTabsGateway({ profileId: sandboxKeys.paytabsProfileId, serverKey: sandboxKeys.paytabsServerKey, baseUrl: base })
    : new OPayGateway({
        merchantId: sandboxKeys.opayMerchantId,
        publicKey: sandboxKeys.opayPublicKey,
        secretKey: sandboxKeys.opaySecretKey,
        baseUrl: base,
      });
}

/** Whether a provider can take payments at all (live keys, a test override or the sandbox). */
export const providerAvailable = (name: string, env?: NodeJS.ProcessEnv): name is ProviderName =>
  (name === 'paytabs' || name === 'opay') &&
  (Boolean(override?.[name]) || Boolean(liveGateway(name, env)) || sandboxEnabled(env));
