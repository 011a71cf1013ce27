import { usePaymentGateways } from '../../src/server/payments/gateways.ts';
import { OPayGateway } from '../../src/server/payments/opay.ts';
import { PayTabsGateway } from '../../src/server/payments/paytabs.ts';
import type { SandboxKeys } from '../../src/server/payments/sandbox/sandbox-callbacks.ts';

/** The merchant keys the tests give the sandbox gateway (and sign its callbacks with). */
export const stubKeys = {
  paytabsProfileId: '4242',
  paytabsServerKey: 'SJ-test-server-key-0123456789',
  opayMerchantId: '281821051500001',
  opayPublicKey: 'OPAYPUB-test',
  opaySecretKey: 'OPAYPRV-test-secret',
} satisfies SandboxKeys;

/** Both adapters (PayTabs and OPay) pointed at the sandbox gateway served at `base`, with `keys`. */
export function useStubGateways(base: string, keys: SandboxKeys = stubKeys) {
  usePaymentGateways({
    paytabs: new PayTabsGateway({
      profileId: keys.paytabsProfileId,
      serverKey: keys.paytabsServerKey,
      baseUrl: `${base}/paytabs`,
    }),
    opay: new OPayGateway({
      merchantId: keys.opayMerchantId,
      publicKey: keys.opayPublicKey,
      secretKey: keys.opaySecretKey,
      baseUrl: `${base}/opay`,
    }),
  });
}
