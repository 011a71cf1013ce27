import type * as z from 'zod/mini';

/** What every payment gateway adapter offers the shop (docs/payments.md). Amounts are piastres on our side. */
export type ProviderName = 'paytabs' | 'opay' | 'paymob' | 'fawry';
export const PROVIDERS: readonly ProviderName[] = ['paytabs', 'opay', 'paymob', 'fawry'];

export interface PaymentRequest {
  /** Ours, unique per attempt: PayTabs cart_id, OPay reference. */
  reference: string;
  amount: number;
  currency: 'EGP';
  description: string;
  locale: 'en' | 'ar';
  /** The provider's own method codes for this attempt (payment_methods.gateway_code), or none for all. */
  methodCodes: string[];
  customer: { name: string; email: string; phone: string; street: string; city: string; state: string };
  returnUrl: string;
  callbackUrl: string;
  cancelUrl: string;
}

export interface CreatedPayment {
  /** The provider's transaction reference (PayTabs tran_ref, OPay orderNo). */
  tranRef: string;
  /** The hosted payment page the shopper is sent to (Fawry, which has none: the shop's own page). */
  redirectUrl: string;
  /** A reference code paid in cash (Fawry), known at once, and until when it can be paid. */
  billReference?: string;
  expiresAt?: string;
}

export type PaymentOutcome = 'paid' | 'declined' | 'cancelled' | 'pending';

/** A callback whose signature verified: what the provider says happened, in our units. */
export interface VerifiedCallback {
  tranRef: string;
  reference: string;
  amount: number;
  currency: string;
  outcome: PaymentOutcome;
  /** The provider's id of this transaction, when it differs from tranRef (Paymob: obj.id; tranRef is its order id). */
  transactionId?: string;
  /** A kiosk payment waiting to be paid in cash: the code the shopper takes to the kiosk. */
  billReference?: string;
  /**
   * A status query's answer only: what the provider says it gave back of this payment (piastres), or `'some'` when it
   * says only "partly refunded" (Fawry). Read by the daily reconciliation report, never by settlement.
   */
  refunded?: number | 'some';
}

/** The payment a refund goes back through: the provider's transaction and our reference of it. */
export interface RefundablePayment {
  /** PayTabs tran_ref, OPay orderNo. */
  tranRef: string;
  /** Ours: PayTabs cart_id, OPay reference. */
  reference: string;
  currency: 'EGP';
  /** The provider's transaction id when it keeps one apart from tranRef (Paymob obj.id). */
  transactionId?: string | null;
  /** When the payment was taken, and how much: a whole refund the same day may be a void instead (Paymob). */
  paidAt?: string | null;
  fullAmount?: number;
}

/** A refund request's own details besides the payment and the amount. */
export interface RefundDetails {
  /** Ours, unique per payout and the same on a retry of it (the provider's idempotency key). */
  reference: string;
  description: string;
  /** Where the provider may send the refund's outcome (OPay requires one). */
  callbackUrl: string;
}

export interface PaymentGateway {
  readonly name: ProviderName;
  create(request: PaymentRequest): Promise<CreatedPayment>;
  /**
   * Gives `amount` (piastres, at most what the payment took) back to the card or account that paid. Resolves with
   * the provider's reference of the refund once the provider accepted it; throws GatewayError when it refused.
   */
  refund(payment: RefundablePayment, amount: number, details: RefundDetails): Promise<{ providerRef: string }>;
  /**
   * Verifies the signature over the raw body (and, for Paymob, the `hmac` in the callback's URL) and reads the
   * outcome; throws CallbackRefused otherwise.
   */
  verifyCallback(headers: Headers, rawBody: string, url?: URL): VerifiedCallback;
  /**
   * Asks the provider what became of a payment whose callback has not come (reconciliation). Not signed: it is our
   * own authenticated request over TLS. Providers without a status API leave it out.
   */
  inquire?(payment: RefundablePayment): Promise<VerifiedCallback>;
  /** Cancels an unpaid reference at the provider (its order was cancelled), so it can no longer be paid. */
  cancelReference?(payment: RefundablePayment, locale: 'en' | 'ar'): Promise<void>;
}

/** The provider refused or failed to create a payment (network, credentials, validation). */
export class GatewayError extends Error {
  /** The provider's own words when it answered with a refusal (shown to finance); none when it could not be reached. */
  readonly reason: string | undefined;
  constructor(message: string, reason?: string) {
    super(message);
    this.reason = reason?.trim().slice(0, 200) || undefined;
  }
}

/** A callback that must not be applied: bad or missing signature, unreadable body. */
export class CallbackRefused extends Error {}

/** POSTs JSON to a provider; a network failure or timeout becomes a GatewayError naming the provider. */
export async function postToProvider<T>(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs = 15_000,
  send: typeof fetch = fetch,
): Promise<{ status: number; ok: boolean; json: Partial<T> }> {
  let answer: Response;
  try {
    answer = await send(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GatewayError(`${provider} unreachable: ${String(error)}`);
  }
  const json = (await answer.json().catch(() => ({}))) as Partial<T>;
  return { status: answer.status, ok: answer.ok, json };
}

/** What every provider's settings name: its API's address, how long to wait, and (contract tests) what sends. */
export interface ProviderConfig {
  baseUrl: string;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

/** What the gateways share: their settings, and JSON posted to a path of the provider's API with them. */
export abstract class ProviderGateway<C extends ProviderConfig> {
  // A plain field, not a parameter property: the server's start script loads these files with Node's type stripping.
  protected readonly config: C;
  constructor(config: C) {
    this.config = config;
  }

  protected postJson<T>(provider: string, path: string, headers: Record<string, string>, body: unknown) {
    return postToProvider<T>(provider, `${this.config.baseUrl}${path}`, headers, body, this.config.timeoutMs, this.config.fetch);
  }
}

/**
 * A callback's JSON body, checked against the provider's documented shape (callback-shapes.ts) before anything reads
 * it; one that is not JSON, or not that shape (`null`, a list, a field of the wrong type), is refused like a bad
 * signature.
 */
export function callbackJson<S extends z.ZodMiniType>(rawBody: string, shape: S): z.output<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new CallbackRefused('body is not JSON');
  }
  const checked = shape.safeParse(parsed);
  if (!checked.success) {
    const where = checked.error.issues[0]?.path.join('.') || 'body';
    throw new CallbackRefused(`body is not the documented shape (${where})`);
  }
  return checked.data;
}
