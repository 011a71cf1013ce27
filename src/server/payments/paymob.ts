import { SHOP_TIME_ZONE } from '#i18n/time-zone.ts';
import { nationalMobile } from '#lib/phone-national.ts';
import type { PaymobKeys } from '../config.ts';
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
import { PaymobCallbackShape } from './callback-shapes.ts';
import { paymobHmacMatches, paymobSignedQuery, paymobSignedText } from './paymob-hmac.ts';

export interface PaymobConfig extends PaymobKeys {
  timeoutMs?: number;
  /** Injected so contract tests see exactly what would go on the wire. */
  fetch?: typeof fetch;
}

/** Paymob's transaction object as its callbacks, refunds and inquiries carry it (the fields we read). */
export interface PaymobTransaction {
  id?: number | string | undefined;
  amount_cents?: number | string | undefined;
  currency?: string | undefined;
  success?: boolean;
  pending?: boolean;
  is_refunded?: boolean;
  is_voided?: boolean;
  has_parent_transaction?: boolean;
  order?: { id?: number | string | undefined; merchant_order_id?: string | null; [field: string]: unknown } | null;
  source_data?: { type?: string; sub_type?: string; pan?: string } | null;
  data?: { bill_reference?: number | string | null; message?: string } | null;
  [field: string]: unknown;
}

/** Cairo's calendar day of an instant: Paymob settles daily, so a payment can be voided until its day ends. */
const cairoDay = (iso: string | Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date(iso));

/**
 * Paymob on the intention API (developers.paymob.com, "Create Intention", "Unified Checkout", "Transaction
 * callbacks", "HMAC calculation", "Refund", "Void"): `POST {base}/v1/intention/` with `Authorization: Token {secret
 * key}`, amounts in piastres, `payment_methods` the integration ids of the methods offered; the shopper goes to
 * `{base}/unifiedcheckout/?publicKey=…&clientSecret=…`. Paymob's order id (`intention_order_id`, in callbacks
 * `obj.order.id`) is our tranRef; our reference travels as `special_reference` and comes back as
 * `order.merchant_order_id`. The processed callback is a JSON POST `{ type: "TRANSACTION", obj }` with `?hmac=` in
 * its URL; the response callback is the browser's GET with the same fields as query parameters (paymob-hmac.ts).
 */
export class PaymobGateway extends ProviderGateway<PaymobConfig> implements PaymentGateway {
  readonly name = 'paymob' as const;

  private post<T>(path: string, body: unknown) {
    return this.postJson<T>('Paymob', path, { authorization: `Token ${this.config.secretKey}` }, body);
  }

  async create(request: PaymentRequest): Promise<CreatedPayment> {
    const integrationIds = request.methodCodes.map((code) => {
      const id = this.config.integrations[code];
      if (id === undefined) throw new GatewayError(`Paymob has no integration id for "${code}" (PAYMOB_INTEGRATION_*)`);
      return id;
    });
    const [first = '', ...rest] = request.customer.name.split(/\s+/);
    const body = {
      amount: request.amount,
      currency: request.currency,
      payment_methods: integrationIds,
      items: [{ name: request.description.slice(0, 50), amount: request.amount, description: request.description, quantity: 1 }],
      // Paymob requires every billing field; what the shop does not have is sent as "NA", as its documentation says.
      billing_data: {
        first_name: first || 'NA',
        last_name: rest.join(' ') || 'NA',
        email: request.customer.email || 'NA',
        // A wallet payment: the wallet's own number, in the 11-digit form Paymob's wallet examples use (01xxxxxxxxx);
        // the unified checkout asks the wallet holder to confirm it.
        phone_number:
          (request.methodCodes.includes('wallet') ? nationalMobile(request.customer.phone) : request.customer.phone) || 'NA',
        street: request.customer.street || 'NA',
        city: request.customer.city || 'NA',
        state: request.customer.state || 'NA',
        country: 'EG',
        apartment: 'NA',
        floor: 'NA',
        building: 'NA',
      },
      special_reference: request.reference,
      notification_url: request.callbackUrl,
      redirection_url: request.returnUrl,
    };
    const { ok, status, json } = await this.post<{
      client_secret: string;
      intention_order_id: number;
      detail: string;
    }>('/v1/intention/', body);
    if (!ok || !json.client_secret || !json.intention_order_id)
      throw new GatewayError(`Paymob refused the intention (${status}): ${JSON.stringify(json.detail ?? json).slice(0, 300)}`);
    const checkout = new URL(`${this.config.baseUrl}/unifiedcheckout/`);
    checkout.searchParams.set('publicKey', this.config.publicKey);
    checkout.searchParams.set('clientSecret', json.client_secret);
    return { tranRef: String(json.intention_order_id), redirectUrl: checkout.toString() };
  }

  /**
   * A void the same Cairo day for the whole amount (before Paymob settles it: nothing moves on the card), otherwise
   * a refund of `amount` (partial allowed, up to what was captured: Paymob refuses more). A void Paymob refuses (the
   * day already settled) becomes a refund. Cash paid at a kiosk cannot go back through Paymob (refused here).
   */
  async refund(payment: RefundablePayment, amount: number, _details: RefundDetails): Promise<{ providerRef: string }> {
    if (!payment.transactionId) throw new GatewayError('Paymob: no transaction id for this payment (not refundable by API)');
    const transactionId = Number(payment.transactionId);
    if (payment.paidAt && cairoDay(payment.paidAt) === cairoDay(new Date()) && amount === payment.fullAmount) {
      const voided = await this.post<PaymobTransaction & { detail?: string }>('/api/acceptance/void_refund/void', {
        transaction_id: transactionId,
      });
      if (voided.ok && voided.json.success === true && voided.json.id !== undefined)
        return { providerRef: String(voided.json.id) };
    }
    const { ok, status, json } = await this.post<PaymobTransaction & { detail?: string; message?: string }>(
      '/api/acceptance/void_refund/refund',
      { transaction_id: transactionId, amount_cents: amount },
    );
    if (!ok || json.success !== true || json.id === undefined) {
      const reason = json.detail ?? json.message ?? json.data?.message ?? 'declined';
      throw new GatewayError(`Paymob refused the refund (${status}): ${reason}`, reason);
    }
    return { providerRef: String(json.id) };
  }

  verifyCallback(_headers: Headers, rawBody: string, url?: URL): VerifiedCallback {
    const received = url?.searchParams.get('hmac');
    if (!rawBody) {
      // The response callback: the browser's GET, every field a query parameter.
      if (!url || !paymobHmacMatches(this.config.hmacSecret, paymobSignedQuery(url.searchParams), received))
        throw new CallbackRefused('hmac does not verify');
      const q = url.searchParams;
      const flag = (name: string) => q.get(name) === 'true';
      return readTransaction({
        id: q.get('id') ?? undefined,
        amount_cents: q.get('amount_cents') ?? undefined,
        currency: q.get('currency') ?? undefined,
        success: flag('success'),
        pending: flag('pending'),
        is_refunded: flag('is_refunded'),
        is_voided: flag('is_voided'),
        has_parent_transaction: flag('has_parent_transaction'),
        order: { id: q.get('order') ?? undefined, merchant_order_id: q.get('merchant_order_id') },
        data: { bill_reference: q.get('bill_reference') },
      });
    }
    const parsed = callbackJson(rawBody, PaymobCallbackShape);
    const transaction = parsed.obj as PaymobTransaction | null | undefined;
    if (!transaction || typeof transaction !== 'object') throw new CallbackRefused('no transaction object');
    if (!paymobHmacMatches(this.config.hmacSecret, paymobSignedText(transaction), received ?? parsed.hmac))
      throw new CallbackRefused('hmac does not verify');
    if (parsed.type !== undefined && parsed.type !== 'TRANSACTION')
      throw new CallbackRefused(`not a transaction: ${parsed.type}`);
    return readTransaction(transaction);
  }

  /**
   * Paymob's transaction inquiry (`POST {base}/api/ecommerce/orders/transaction_inquiry` with its order id): the
   * transaction as Paymob has it, read like a callback. No transaction yet (404) is still pending.
   */
  async inquire(payment: RefundablePayment): Promise<VerifiedCallback> {
    const { ok, status, json } = await this.post<PaymobTransaction>('/api/ecommerce/orders/transaction_inquiry', {
      order_id: Number(payment.tranRef),
    });
    if (status === 404)
      return { tranRef: payment.tranRef, reference: payment.reference, amount: Number.NaN, currency: '', outcome: 'pending' };
    if (!ok) throw new GatewayError(`Paymob inquiry failed (${status})`);
    const transaction = json as PaymobTransaction;
    // A paid transaction refunded or voided later keeps its flags (so it is no payment outcome for settlement);
    // what went back is for the daily report.
    const back = Number(transaction['refunded_amount_cents']);
    const voided = transaction.is_voided && transaction.success ? Number(transaction.amount_cents) : 0;
    const refunded = Math.max(Number.isInteger(back) ? back : 0, voided);
    return { ...readTransaction(transaction), ...(refunded > 0 ? { refunded } : {}) };
  }
}

/** A Paymob transaction in our terms. A refund's or void's own transaction is not a payment outcome (pending). */
export function readTransaction(t: PaymobTransaction): VerifiedCallback {
  const tranRef = t.order?.id;
  const reference = t.order?.merchant_order_id;
  if (tranRef === undefined || tranRef === null || tranRef === '' || !reference)
    throw new CallbackRefused('order id or merchant_order_id missing');
  const amount = Number(t.amount_cents);
  const bill = t.data?.bill_reference;
  return {
    tranRef: String(tranRef),
    reference,
    amount: Number.isInteger(amount) ? amount : Number.NaN,
    currency: t.currency ?? '',
    outcome: paymobOutcome(t),
    ...(t.id !== undefined && t.id !== null && t.id !== '' ? { transactionId: String(t.id) } : {}),
    ...(bill !== undefined && bill !== null && bill !== '' ? { billReference: String(bill) } : {}),
  };
}

export function paymobOutcome(t: PaymobTransaction): PaymentOutcome {
  if (t.has_parent_transaction || t.is_refunded || t.is_voided) return 'pending';
  if (t.pending) return 'pending';
  return t.success ? 'paid' : 'declined';
}
