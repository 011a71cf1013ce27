import { poundsText } from '#lib/money.ts';
import { hmacHex } from '../signatures.ts';

/** One payment page the sandbox is showing: what the merchant asked for and where to answer. */
export interface SandboxSession {
  protocol: 'paytabs' | 'opay' | 'paymob' | 'fawry';
  tranRef: string;
  reference: string;
  /** Piastres. */
  amount: number;
  currency: string;
  callbackUrl: string;
  returnUrl: string;
  cancelUrl: string | null;
  lang: 'en' | 'ar';
  /** Paymob: the methods its integration ids named (card, wallet, kiosk…), its transaction id, a kiosk's code. */
  methods?: string[];
  transactionId?: string;
  billReference?: string;
  walletPhone?: string;
}

export type SandboxChoice = 'approve' | 'decline' | 'cancel';

/** What happens to a Paymob sandbox payment: the card/wallet answers, or a kiosk code issued (paid later). */
export type PaymobEvent = SandboxChoice | 'reference';

export interface SandboxKeys {
  paytabsProfileId: string;
  paytabsServerKey: string;
  opayMerchantId: string;
  opayPublicKey: string;
  opaySecretKey: string;
  paymobSecretKey: string;
  paymobPublicKey: string;
  paymobHmacSecret: string;
  paymobIntegrations: Record<string, number>;
  fawryMerchantCode: string;
  fawrySecurityKey: string;
}

/**
 * The server-to-server notification PayTabs or OPay would send for this choice, signed as it signs it (Paymob's:
 * sandbox-paymob.ts).
 */
export function sandboxCallback(
  session: SandboxSession,
  choice: SandboxChoice,
  keys: SandboxKeys,
  now = Date.now(),
): { body: string; headers: Record<string, string> } {
  if (session.protocol === 'paytabs') {
    const status = { approve: 'A', decline: 'D', cancel: 'C' }[choice];
    const body = JSON.stringify({
      tran_ref: session.tranRef,
      cart_id: session.reference,
      cart_currency: session.currency,
      cart_amount: poundsText(session.amount),
      tran_currency: session.currency,
      tran_total: poundsText(session.amount),
      payment_result: {
        response_status: status,
        response_code: status === 'A' ? '831000' : '4',
        response_message: { A: 'Authorised', D: 'Declined', C: 'Cancelled' }[status],
        transaction_time: new Date(now).toISOString(),
      },
      payment_info: { payment_method: 'Visa', card_scheme: 'Visa', payment_description: '4111 11## #### 1111' },
    });
    return { body, headers: { 'content-type': 'application/json', signature: hmacHex('sha256', keys.paytabsServerKey, body) } };
  }
  const status = { approve: 'SUCCESS', decline: 'FAIL', cancel: 'CLOSE' }[choice];
  const body = JSON.stringify({
    payload: {
      country: 'EG',
      reference: session.reference,
      orderNo: session.tranRef,
      transactionId: session.tranRef,
      amount: String(session.amount),
      currency: session.currency,
      status,
      timestamp: new Date(now).toISOString(),
    },
    type: 'transaction-status',
  });
  const timestamp = String(now);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      merchantid: keys.opayMerchantId,
      requesttimestamp: timestamp,
      authorization: hmacHex('sha512', keys.opaySecretKey, timestamp + body),
    },
  };
}
