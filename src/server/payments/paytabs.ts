import { PayTabsCallbackShape } from './callback-shapes.ts';
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
import { hmacHex, sameSignature } from './signatures.ts';

export interface PayTabsConfig {
  profileId: string;
  serverKey: string;
  /** https://secure-egypt.paytabs.com for Egyptian profiles; tests and the sandbox point it elsewhere. */
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * PayTabs PT2 Hosted Payment Page (docs.paytabs.com, "HPP – Initiating The Payment" and "Payment Notifications"):
 * POST {domain}/payment/request with the profile's server key in `authorization`; the answer carries `tran_ref`
 * and `redirect_url`. The outcome reaches our `callback` URL server to server as JSON, signed in the `signature`
 * header with HMAC-SHA256 of the raw body keyed by the server key; `payment_result.response_status` is A
 * (authorised), H/P (on hold, pending), C (cancelled) or D/E/V/X (declined, error, voided, expired).
 */
export class PayTabsGateway extends ProviderGateway<PayTabsConfig> implements PaymentGateway {
  readonly name = 'paytabs' as const;

  async create(request: PaymentRequest): Promise<CreatedPayment> {
    const body = {
      profile_id: Number(this.config.profileId),
      tran_type: 'sale',
      tran_class: 'ecom',
      cart_id: request.reference,
      cart_currency: request.currency,
      cart_amount: Number(poundsText(request.amount)),
      cart_description: request.description,
      paypage_lang: request.locale,
      customer_details: { ...request.customer, street1: request.customer.street, country: 'EG' },
      hide_shipping: true,
      ...(request.methodCodes.length ? { payment_methods: request.methodCodes } : {}),
      callback: request.callbackUrl,
      return: request.returnUrl,
    };
    const { ok, status, json } = await this.postJson<{ tran_ref: string; redirect_url: string; message: string }>(
      'PayTabs',
      '/payment/request',
      { authorization: this.config.serverKey },
      body,
    );
    if (!ok || !json.tran_ref || !json.redirect_url)
      throw new GatewayError(`PayTabs refused the payment request (${status}): ${json.message ?? 'no redirect_url'}`);
    return { tranRef: json.tran_ref, redirectUrl: json.redirect_url };
  }

  /**
   * PayTabs "Refund Transaction" (docs.paytabs.com, PT2 API endpoints, Manage Transactions): the same
   * /payment/request endpoint and server key, `tran_type: "refund"`, `tran_class: "ecom"`, the original sale's
   * `tran_ref`, our `cart_id`, the amount (full or partial) and a description. `payment_result.response_status` A
   * means the refund was approved; anything else is a refusal.
   */
  async refund(payment: RefundablePayment, amount: number, details: RefundDetails): Promise<{ providerRef: string }> {
    const { ok, status, json } = await this.postJson<{
      tran_ref: string;
      message: string;
      payment_result: { response_status?: string; response_message?: string };
    }>(
      'PayTabs',
      '/payment/request',
      { authorization: this.config.serverKey },
      {
        profile_id: Number(this.config.profileId),
        tran_type: 'refund',
        tran_class: 'ecom',
        cart_id: details.reference,
        cart_currency: payment.currency,
        cart_amount: Number(poundsText(amount)),
        cart_description: details.description,
        tran_ref: payment.tranRef,
      },
    );
    if (!ok || json.payment_result?.response_status !== 'A' || !json.tran_ref)
      throw new GatewayError(
        `PayTabs refused the refund (${status}): ${json.payment_result?.response_message ?? json.message ?? 'not approved'}`,
      );
    return { providerRef: json.tran_ref };
  }

  verifyCallback(headers: Headers, rawBody: string): VerifiedCallback {
    if (!sameSignature(headers.get('signature'), hmacHex('sha256', this.config.serverKey, rawBody)))
      throw new CallbackRefused('signature does not verify');
    return readPayTabs(callbackJson(rawBody, PayTabsCallbackShape) as PayTabsTransaction);
  }

  /**
   * PayTabs "Query Transaction" (docs.paytabs.com, PT2 API endpoints, Manage Transactions): `POST {domain}/payment/query`
   * with the server key, `profile_id` and the sale's `tran_ref`; the answer is the transaction as its callback
   * carries it (reconciliation of a payment whose callback never came).
   */
  async inquire(payment: RefundablePayment): Promise<VerifiedCallback> {
    const { ok, status, json } = await this.postJson<PayTabsTransaction & { message?: string }>(
      'PayTabs',
      '/payment/query',
      { authorization: this.config.serverKey },
      { profile_id: Number(this.config.profileId), tran_ref: payment.tranRef },
    );
    if (!ok) throw new GatewayError(`PayTabs query failed (${status}): ${json.message ?? ''}`);
    try {
      return readPayTabs(json);
    } catch (error) {
      throw new GatewayError(`PayTabs query answer unreadable: ${String(error)}`);
    }
  }
}

interface PayTabsTransaction {
  tran_ref?: string;
  cart_id?: string;
  cart_currency?: string;
  cart_amount?: string | number;
  tran_currency?: string;
  tran_total?: string | number;
  payment_result?: { response_status?: string };
}

function readPayTabs(body: PayTabsTransaction): VerifiedCallback {
  if (!body.tran_ref || !body.cart_id) throw new CallbackRefused('tran_ref or cart_id missing');
  return {
    tranRef: body.tran_ref,
    reference: body.cart_id,
    // What was charged when PayTabs says so, else what was asked.
    amount: fromPounds(body.tran_total ?? body.cart_amount ?? ''),
    currency: body.tran_currency ?? body.cart_currency ?? '',
    outcome: payTabsOutcome(body.payment_result?.response_status),
  };
}

export function payTabsOutcome(status: string | undefined): PaymentOutcome {
  if (status === 'A') return 'paid';
  if (status === 'H' || status === 'P') return 'pending';
  if (status === 'C') return 'cancelled';
  return 'declined';
}
