import { sandboxGateway, usePaymentGateways } from '../../src/server/payments/gateways.ts';
import type { SandboxKeys } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';

/** The merchant keys the tests give the sandbox gateway (and sign its callbacks with). */
export const stubKeys = {
  paytabsProfileId: '4242',
  paytabsServerKey: 'SJ-test-server-key-0123456789',
  opayMerchantId: '281821051500001',
  opayPublicKey: 'OPAYPUB-test',
  opaySecretKey: 'OPAYPRV-test-secret',
  paymobSecretKey: 'egy_sk_test_0123456789abcdef',
  paymobPublicKey: 'egy_pk_test_0123456789',
  paymobHmacSecret: '8C3F2A1B9D7E6F50A4B3C2D1E0F9A8B7',
  paymobIntegrations: { card: 4200001, wallet: 4200002, kiosk: 4200003 },
  fawryMerchantCode: '1tSa6uxz2nRbgY+b+cZGyA==',
  fawrySecurityKey: 'fawry-test-security-key',
} satisfies SandboxKeys;

/** Every adapter (PayTabs, OPay, Paymob) pointed at the sandbox gateway served at `base`, with `keys`. */
export function useStubGateways(base: string, keys: SandboxKeys = stubKeys) {
  usePaymentGateways({
    paytabs: sandboxGateway('paytabs', `${base}/paytabs`, keys),
    opay: sandboxGateway('opay', `${base}/opay`, keys),
    paymob: sandboxGateway('paymob', `${base}/paymob`, keys),
    fawry: sandboxGateway('fawry', `${base}/fawry`, keys),
  });
}
