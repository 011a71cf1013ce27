import { OPayCallbackShape } from './callback-shapes.ts';
import {
  CallbackRefused,
  GatewayError,
  ProviderGateway,
  callbackJson,
  type CreatedPayment,
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentRequest,
  type RefundablePayment,
  type RefundDetails,
  type VerifiedCallback,
} from './gateway.ts';
import { hmacHex, sameSignature } from './signatures.ts';

export interface OPayConfig {
  merchantId: string;
  publicKey: string;
  secretKey: string;
  /** https://api.opaycheckout.com (live) or https://sandboxapi.opaycheckout.com; tests point it elsewhere. */
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * OPay Cashier (doc.opaycheckout.com, "Create Payments Using OPay Cashier" and "Callback Notification Signature
 * v2"): POST {base}/api/v1/international/cashier/create with `Authorization: Bearer {public key}` and `MerchantId`;
 * amounts are integer piastres (`amount.total`, currency EGP); the answer's `data.cashierUrl` is the hosted page and
 * `data.orderNo` OPay's reference. Callbacks are JSON `{ payload: { reference, orderNo, amount, currency, status } }`
 * signed in `Authorization` with HMAC-SHA512 of `RequestTimestamp` + raw body, keyed by the secret key. Status
 * SUCCESS is paid; FAIL declined; CLOSE cancelled; INITIAL and PENDING not final.
 */
export class OPayGateway extends ProviderGateway<OPayConfig> implements PaymentGateway {
  readonly name = 'opay' as const;

  async create(request: PaymentRequest): Promise<CreatedPayment> {
    const body = {
      country: 'EG',
      reference: request.reference,
      amount: { total: request.amount, currency: request.currency },
      returnUrl: request.returnUrl,
      callbackUrl: request.callbackUrl,
      cancelUrl: request.cancelUrl,
      expireAt: 30,
      userInfo: { userName: request.customer.name, userEmail: request.customer.email, userMobile: request.customer.phone },
      product: { name: request.description, description: request.description },
      ...(request.methodCodes.length ? { payMethod: request.methodCodes[0] } : {}),
    };
    const { ok, status, json } = await this.postJson<{
      code: string;
      message: string;
      data: { orderNo?: string; cashierUrl?: string };
    }>(
      'OPay',
      '/api/v1/international/cashier/create',
      { authorization: `Bearer ${this.config.publicKey}`, merchantid: this.config.merchantId },
      body,
    );
    if (!ok || json.code !== '00000' || !json.data?.orderNo || !json.data.cashierUrl)
      throw new GatewayError(`OPay refused the cashier request (${status} ${json.code ?? ''}): ${json.message ?? ''}`);
    return { tranRef: json.data.orderNo, redirectUrl: json.data.cashierUrl };
  }

  /**
   * OPay "Refund Payment" (doc.opaycheckout.com, payment-refund): POST {base}/api/v1/international/payment/refund/create
   * with `MerchantId` and `Authorization: Bearer {HMAC-SHA512 of the JSON body keyed by the secret key}` (the API
   * call signature); our refund `reference`, the payment's `originalReference`, `amount.total` in piastres,
   * `refundWay: "Original"`. Code 00000 with a status other than FAIL means OPay took it (it may finish later).
   */
  async refund(payment: RefundablePayment, amount: number, details: RefundDetails): Promise<{ providerRef: string }> {
    const body = {
      amount: { currency: payment.currency, total: amount },
      callbackUrl: details.callbackUrl,
      country: 'EG',
      originalReference: payment.reference,
      reference: details.reference,
      refundReason: details.description,
      refundWay: 'Original',
    };
    const { ok, status, json } = await this.postJson<{
      code: string;
      message: string;
      data: { orderNo?: string; orderStatus?: string };
    }>(
      'OPay',
      '/api/v1/international/payment/refund/create',
      {
        authorization: `Bearer ${hmacHex('sha512', this.config.secretKey, JSON.stringify(body))}`,
        merchantid: this.config.merchantId,
      },
      body,
    );
    if (!ok || json.code !== '00000' || !json.data?.orderNo || json.data.orderStatus === 'FAIL')
      throw new GatewayError(`OPay refused the refund (${status} ${json.code ?? ''}): ${json.message ?? ''}`);
    return { providerRef: json.data.orderNo };
  }

  verifyCallback(headers: Headers, rawBody: string): VerifiedCallback {
    const timestamp = headers.get('requesttimestamp') ?? '';
    if (!timestamp || !sameSignature(headers.get('authorization'), hmacHex('sha512', this.config.secretKey, timestamp + rawBody)))
      throw new CallbackRefused('signature does not verify');
    return readOPay((callbackJson(rawBody, OPayCallbackShape).payload ?? {}) as OPayPayload);
  }

  /**
   * OPay "Query Payment Status" (doc.opaycheckout.com, cashier-status): `POST {base}/api/v1/international/cashier/status`
   * with `MerchantId` and `Authorization: Bearer {HMAC-SHA512 of the JSON body keyed by the secret key}`, our
   * `reference`; `data` carries `orderNo`, `status` and `amount: { total, currency }` (reconciliation).
   */
  async inquire(payment: RefundablePayment): Promise<VerifiedCallback> {
    const body = { country: 'EG', reference: payment.reference };
    const { ok, status, json } = await this.postJson<{
      code: string;
      message: string;
      data: { reference?: string; orderNo?: string; status?: string; amount?: { total?: number; currency?: string } };
    }>(
      'OPay',
      '/api/v1/international/cashier/status',
      {
        authorization: `Bearer ${hmacHex('sha512', this.config.secretKey, JSON.stringify(body))}`,
        merchantid: this.config.merchantId,
      },
      body,
    );
    if (!ok || json.code !== '00000' || !json.data)
      throw new GatewayError(`OPay status failed (${status} ${json.code ?? ''}): ${json.message ?? ''}`);
    const { data } = json;
    try {
      return readOPay({ ...data, amount: data.amount?.total, currency: data.amount?.currency });
    } catch (error) {
      throw new GatewayError(`OPay status answer unreadable: ${String(error)}`);
    }
  }
}

interface OPayPayload {
  reference?: string | undefined;
  orderNo?: string | undefined;
  amount?: string | number | undefined;
  currency?: string | undefined;
  status?: string | undefined;
}

function readOPay(payload: OPayPayload): VerifiedCallback {
  if (!payload.reference || !payload.orderNo) throw new CallbackRefused('reference or orderNo missing');
  const amount = Number(payload.amount);
  return {
    tranRef: payload.orderNo,
    reference: payload.reference,
    amount: Number.isInteger(amount) ? amount : Number.NaN,
    currency: payload.currency ?? '',
    outcome: opayOutcome(payload.status),
  };
}

export function opayOutcome(status: string | undefined): PaymentOutcome {
  if (status === 'SUCCESS') return 'paid';
  if (status === 'CLOSE') return 'cancelled';
  if (status === 'FAIL') return 'declined';
  return 'pending';
}
