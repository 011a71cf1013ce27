import { randomBytes } from 'node:crypto';
import { serverConfig } from '../config.ts';
import { PROVIDERS, type PaymentGateway, type ProviderName } from './gateway.ts';
import type { SandboxKeys } from './sandbox/sandbox-callbacks.ts';
import { OPayGateway } from './opay.ts';
import { PayTabsGateway } from './paytabs.ts';
import { PaymobGateway } from './paymob.ts';
import { FawryGateway } from './fawry.ts';

/**
 * Which gateway carries a provider's payments. Keys come from the environment only:
 * - PAYTABS_PROFILE_ID + PAYTABS_SERVER_KEY (PAYTABS_BASE_URL, default the Egypt region) → PayTabs live;
 * - OPAY_MERCHANT_ID + OPAY_PUBLIC_KEY + OPAY_SECRET_KEY (OPAY_BASE_URL, default production) → OPay live;
 * - PAYMOB_SECRET_KEY + PAYMOB_PUBLIC_KEY + PAYMOB_HMAC_SECRET + PAYMOB_INTEGRATION_* (PAYMOB_BASE_URL) → Paymob live;
 * - FAWRY_MERCHANT_CODE + FAWRY_SECURITY_KEY (FAWRY_BASE_URL, default production) → Fawry live;
 * - a provider without keys goes through the built-in sandbox gateway (same protocol, on this server under
 *   /api/sandbox-gateway) unless PAYMENTS_SANDBOX=0, or in production unless PAYMENTS_SANDBOX=1;
 *   with neither, that provider's methods are not offered.
 */
export function freshSandboxKeys(): SandboxKeys {
  return {
    paytabsProfileId: '1',
    paytabsServerKey: randomBytes(24).toString('hex'),
    opayMerchantId: 'SANDBOX-MERCHANT',
    opayPublicKey: `OPAYPUB${randomBytes(12).toString('hex')}`,
    opaySecretKey: `OPAYPRV${randomBytes(24).toString('hex')}`,
    paymobSecretKey: `egy_sk_test_${randomBytes(24).toString('hex')}`,
    paymobPublicKey: `egy_pk_test_${randomBytes(12).toString('hex')}`,
    paymobHmacSecret: randomBytes(16).toString('hex').toUpperCase(),
    // The sandbox's integration ids, one per method, as a Paymob test account has them.
    paymobIntegrations: { card: 4100001, wallet: 4100002, kiosk: 4100003, valu: 4100004, souhoola: 4100005 },
    fawryMerchantCode: `SANDBOX${randomBytes(6).toString('hex')}`,
    fawrySecurityKey: randomBytes(16).toString('hex'),
  };
}

/**
 * Random per process: a sandbox callback can only come from this process's own sandbox. Kept on globalThis: the
 * server script (the background jobs: reconciliation, cancelled references) and the Astro bundle (the sandbox's
 * routes) are separate module graphs of one process, and must sign and check with the same keys.
 */
const keysSlot = Symbol.for('coffee-marketplace.sandbox-keys');
const shared = globalThis as unknown as Record<symbol, SandboxKeys | undefined>;
export const sandboxKeys: SandboxKeys = (shared[keysSlot] ??= freshSandboxKeys());

export const SANDBOX_PATH = '/api/sandbox-gateway';

let override: Partial<Record<ProviderName, PaymentGateway>> | undefined;

/** Tests swap the gateways (adapters pointed at local stub servers); undefined goes back to the environment. */
export function usePaymentGateways(gateways: Partial<Record<ProviderName, PaymentGateway>> | undefined): void {
  override = gateways;
}

export const sandboxEnabled = (env?: NodeJS.ProcessEnv): boolean => serverConfig(env).sandboxPayments;

function liveGateway(name: ProviderName, env: NodeJS.ProcessEnv | undefined): PaymentGateway | undefined {
  const { paytabs, opay, paymob, fawry, kioskPaymentMs } = serverConfig(env);
  if (name === 'paytabs' && paytabs) return new PayTabsGateway(paytabs);
  if (name === 'opay' && opay) return new OPayGateway(opay);
  if (name === 'paymob' && paymob) return new PaymobGateway(paymob);
  if (name === 'fawry' && fawry) return new FawryGateway({ ...fawry, expiryMs: kioskPaymentMs });
  return undefined;
}

/** The gateway for a provider; `origin` is this server's public origin, where the sandbox answers. */
export function gatewayFor(name: ProviderName, origin: string, env?: NodeJS.ProcessEnv): PaymentGateway | undefined {
  const chosen = override?.[name] ?? liveGateway(name, env);
  if (chosen) return chosen;
  if (!sandboxEnabled(env)) return undefined;
  return sandboxGateway(name, `${origin}${SANDBOX_PATH}/${name}`);
}

/** A provider's adapter pointed at the sandbox served at `base` (this server's, or a test's stub) with `keys`. */
export function sandboxGateway(name: ProviderName, base: string, keys: SandboxKeys = sandboxKeys): PaymentGateway {
  if (name === 'paytabs')
    return new PayTabsGateway({ profileId: keys.paytabsProfileId, serverKey: keys.paytabsServerKey, baseUrl: base });
  if (name === 'opay')
    return new OPayGateway({
      merchantId: keys.opayMerchantId,
      publicKey: keys.opayPublicKey,
      secretKey: keys.opaySecretKey,
      baseUrl: base,
    });
  if (name === 'fawry')
    return new FawryGateway({
      merchantCode: keys.fawryMerchantCode,
      securityKey: keys.fawrySecurityKey,
      baseUrl: base,
      expiryMs: serverConfig().kioskPaymentMs,
    });
  return new PaymobGateway({
    secretKey: keys.paymobSecretKey,
    publicKey: keys.paymobPublicKey,
    hmacSecret: keys.paymobHmacSecret,
    baseUrl: base,
    integrations: keys.paymobIntegrations,
  });
}

/** Whether a provider can take payments at all (live keys, a test override or the sandbox). */
export const providerAvailable = (name: string, env?: NodeJS.ProcessEnv): name is ProviderName =>
  (PROVIDERS as readonly string[]).includes(name) &&
  (Boolean(override?.[name as ProviderName]) || Boolean(liveGateway(name as ProviderName, env)) || sandboxEnabled(env));

/**
 * Whether a payment method can be offered: its provider can take payments and, for live Paymob, an integration id
 * is configured for each of its codes (the sandbox has one for every method).
 */
export function methodAvailable(row: { gateway: string | null; gateway_code: string | null }, env?: NodeJS.ProcessEnv): boolean {
  if (!providerAvailable(row.gateway ?? '', env)) return false;
  if (row.gateway !== 'paymob' || override?.paymob) return true;
  const live = serverConfig(env).paymob;
  if (!live) return true;
  return (row.gateway_code ?? '').split(',').every((code) => live.integrations[code] !== undefined);
}
