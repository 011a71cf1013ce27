import { localized } from '#i18n/localized.ts';
import { fromPounds, poundsText } from '#lib/money.ts';
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
import { FawryNotificationShape } from './callback-shapes.ts';
import {
  cancelSignature,
  chargeSignature,
  notificationVerifies,
  refundSignature,
  statusSignature,
  type FawryNotification,
} from './fawry-signatures.ts';

export interface FawryConfig {
  merchantCode: string;
  securityKey: string;
  /** https://www.atfawry.com (live) or https://atfawry.fawrystaging.com; tests point it elsewhere. */
  baseUrl: string;
  /** How long a reference stays payable (Fawry's paymentExpiry). */
  expiryMs: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const PAY_AT_FAWRY = 'PAYATFAWRY';

/**
 * FawryPay "Pay at Fawry" reference codes (developer.fawrystaging.com: Server APIs → charge, server notification V2,
 * payment status V2, refund). There is no hosted page: the charge answers a `referenceNumber` the shopper pays in cash
 * at any Fawry point before `expirationTime`, so `create` sends the shopper straight back to the shop's page, which
 * shows the code. Fawry's reference is our tranRef; ours is `merchantRefNum`. Notifications go to the URL set in the
 * merchant's Fawry account (`{SITE_URL}/api/payments/fawry/callback`), JSON verified by `messageSignature`.
 */
export class FawryGateway extends ProviderGateway<FawryConfig> implements PaymentGateway {
  readonly name = 'fawry' as const;

  async create(request: PaymentRequest): Promise<CreatedPayment> {
    const amount = poundsText(request.amount);
    const expiry = Date.now() + this.config.expiryMs;
    const body = {
      merchantCode: this.config.merchantCode,
      merchantRefNum: request.reference,
      customerMobile: request.customer.phone.replace(/^\+20/, '0'),
      customerEmail: request.customer.email,
      customerName: request.customer.name,
      paymentMethod: PAY_AT_FAWRY,
      amount,
      currencyCode: request.currency,
      language: localized(request.locale, { en: 'en-gb', ar: 'ar-eg' }),
      description: request.description,
      paymentExpiry: expiry,
      chargeItems: [{ itemId: request.reference, description: request.description, price: amount, quantity: 1 }],
      signature: chargeSignature({
        merchantCode: this.config.merchantCode,
        merchantRefNum: request.reference,
        customerProfileId: '',
        paymentMethod: PAY_AT_FAWRY,
        amount,
        secureKey: this.config.securityKey,
      }),
    };
    const { ok, status, json } = await this.postJson<{
      referenceNumber: string | number;
      expirationTime: number;
      statusCode: number;
      statusDescription: string;
    }>('Fawry', '/ECommerceWeb/Fawry/payments/charge', {}, body);
    if (!ok || json.statusCode !== 200 || !json.referenceNumber)
      throw new GatewayError(`Fawry refused the charge (${status} ${json.statusCode ?? ''}): ${json.statusDescription ?? ''}`);
    const reference = String(json.referenceNumber);
    return {
      tranRef: reference,
      redirectUrl: request.returnUrl,
      billReference: reference,
      expiresAt: new Date(json.expirationTime ?? expiry).toISOString(),
    };
  }

  /** Fawry's refund (`POST …/payments/refund`), partial allowed; a refusal is a GatewayError with its description. */
  async refund(payment: RefundablePayment, amount: number, details: RefundDetails): Promise<{ providerRef: string }> {
    const refundAmount = poundsText(amount);
    const reason = details.description;
    const { ok, status, json } = await this.postJson<{ statusCode: number; statusDescription: string }>(
      'Fawry',
      '/ECommerceWeb/Fawry/payments/refund',
      {},
      {
        merchantCode: this.config.merchantCode,
        referenceNumber: payment.tranRef,
        refundAmount,
        reason,
        signature: refundSignature({
          merchantCode: this.config.merchantCode,
          referenceNumber: payment.tranRef,
          refundAmount,
          reason,
          secureKey: this.config.securityKey,
        }),
      },
    );
    if (!ok || json.statusCode !== 200)
      throw new GatewayError(
        `Fawry refused the refund (${status} ${json.statusCode ?? ''}): ${json.statusDescription ?? ''}`,
        json.statusDescription,
      );
    return { providerRef: details.reference };
  }

  /**
   * Cancel unpaid order (`POST …/ECommerceWeb/api/orders/cancel-unpaid-order`, `merchantAccount`, `orderRefNo`, `lang`,
   * signature of orderRefNo + merchantAccount + lang + key): the reference can no longer be paid; Fawry tells the
   * shopper by SMS in `lang`. Fawry refuses it for a reference already paid (that money is then owed back).
   */
  async cancelReference(payment: RefundablePayment, locale: 'en' | 'ar'): Promise<void> {
    const lang = localized(locale, { en: 'en-gb', ar: 'ar-eg' });
    const { ok, status, json } = await this.postJson<{ code: number | string; description: string; statusCode: number }>(
      'Fawry',
      '/ECommerceWeb/api/orders/cancel-unpaid-order',
      {},
      {
        merchantAccount: this.config.merchantCode,
        orderRefNo: payment.tranRef,
        lang,
        signature: cancelSignature(payment.tranRef, this.config.merchantCode, lang, this.config.securityKey),
      },
    );
    const code = Number(json.code ?? json.statusCode ?? 200);
    if (!ok || code !== 200)
      throw new GatewayError(
        `Fawry refused to cancel reference ${payment.tranRef} (${status} ${code}): ${json.description ?? ''}`,
      );
  }

  verifyCallback(_headers: Headers, rawBody: string): VerifiedCallback {
    const n = callbackJson(rawBody, FawryNotificationShape) as FawryNotification;
    if (!notificationVerifies(n, this.config.securityKey)) throw new CallbackRefused('messageSignature does not verify');
    return readNotification(n);
  }

  /** Payment status V2 (`GET …/payments/status/v2?merchantCode&merchantRefNumber&signature`), verified like a notification. */
  async inquire(payment: RefundablePayment): Promise<VerifiedCallback> {
    const url = new URL(`${this.config.baseUrl}/ECommerceWeb/Fawry/payments/status/v2`);
    url.searchParams.set('merchantCode', this.config.merchantCode);
    url.searchParams.set('merchantRefNumber', payment.reference);
    url.searchParams.set('signature', statusSignature(this.config.merchantCode, payment.reference, this.config.securityKey));
    let answer: Response;
    try {
      answer = await (this.config.fetch ?? fetch)(url, { signal: AbortSignal.timeout(this.config.timeoutMs ?? 15_000) });
    } catch (error) {
      throw new GatewayError(`Fawry unreachable: ${String(error)}`);
    }
    const n = (await answer.json().catch(() => ({}))) as FawryNotification;
    if (!answer.ok) throw new GatewayError(`Fawry status failed (${answer.status})`);
    if (!notificationVerifies(n, this.config.securityKey)) throw new GatewayError('Fawry status answer does not verify');
    const read = readNotification(n);
    // Status V2 names a refund but not how much of a partial one: the daily report compares what it can.
    if (n.orderStatus === 'REFUNDED') return { ...read, refunded: read.amount };
    if (n.orderStatus === 'PARTIAL_REFUNDED') return { ...read, refunded: 'some' };
    return read;
  }
}

function readNotification(n: FawryNotification): VerifiedCallback {
  const reference = n.merchantRefNumber ?? n.merchantRefNum;
  if (n.fawryRefNumber === undefined || !reference) throw new CallbackRefused('fawryRefNumber or merchantRefNumber missing');
  return {
    tranRef: String(n.fawryRefNumber),
    reference,
    // The order's amount: what the shopper paid may add Fawry's fees (kept in the payload).
    amount: fromPounds(String(n.orderAmount ?? '')),
    currency: 'EGP',
    outcome: fawryOutcome(n.orderStatus),
  };
}

export function fawryOutcome(status: string | undefined): PaymentOutcome {
  if (status === 'PAID') return 'paid';
  if (status === 'CANCELED' || status === 'EXPIRED') return 'cancelled';
  if (status === 'FAILED') return 'declined';
  // NEW / UNPAID wait; REFUNDED and PARTIAL_REFUNDED are our own refunds, not a payment outcome.
  return 'pending';
}
