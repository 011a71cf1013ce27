import { randomBytes } from 'node:crypto';
import type { Locale } from '#i18n/locales.ts';
import type { ShopDb } from '../db/index.ts';
import { openPayment } from '#core/orders/server/lifecycle.ts';
import { nowIso } from '../db/values.ts';
import { Problem } from '../problem.ts';
import { GatewayError, type ProviderName } from './gateway.ts';
import { gatewayFor } from './gateways.ts';
import { log } from '../observability/logger.ts';
import { queueOrderMessage } from '../messaging/order-messages.ts';

export interface StartPaymentInput {
  userId: number;
  orderId: number;
  provider: ProviderName;
  /** This server's public origin: return, cancel and callback URLs are built on it. */
  origin: string;
  locale: Locale;
  /** Shown on the provider's page, in the shopper's language (the route words it). */
  description: string;
  /** The wallet's mobile number (E.164) the shopper typed for a mobile-wallet payment; else the account's is sent. */
  walletPhone?: string | undefined;
}

/**
 * Starts (or restarts) the hosted payment of one of the shopper's PENDING orders: asks the gateway for a payment
 * page for exactly the order's total, keeps the attempt under the provider's reference, and answers the URL the
 * browser goes to. Nothing here marks anything paid.
 */
export async function startPayment(db: ShopDb, input: StartPaymentInput): Promise<{ redirect_url: string }> {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('payment_methods', 'payment_methods.code', 'orders.payment_method')
    .select([
      'orders.id',
      'orders.status',
      'orders.total',
      'orders.address_street',
      'orders.address_city',
      'orders.governorate_en',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.phone',
      'payment_methods.gateway',
      'payment_methods.gateway_code',
    ])
    .where('orders.id', '=', input.orderId)
    .where('orders.user_id', '=', input.userId)
    .executeTakeFirst();
  if (!order) throw new Problem(404, 'orders.orderNotFound');
  if (order.status !== 'PENDING' || order.gateway !== input.provider || order.total <= 0)
    throw new Problem(409, 'orders.notPayable');
  const gateway = gatewayFor(input.provider, input.origin);
  if (!gateway) throw new Problem(422, 'orders.paymentUnavailable');
  const reference = `BB-${order.id}-${randomBytes(5).toString('hex')}`;
  const back = `order=${order.id}&lang=${input.locale}`;
  const methodCodes = order.gateway_code ? order.gateway_code.split(',') : [];
  // A wallet is paid from the number it is registered on, which may not be the account's.
  const phone = input.walletPhone && methodCodes.includes('wallet') ? input.walletPhone : order.phone;
  let created;
  try {
    created = await gateway.create({
      reference,
      amount: order.total,
      currency: 'EGP',
      description: input.description,
      locale: input.locale,
      methodCodes,
      customer: {
        name: `${order.first_name} ${order.last_name}`.trim(),
        email: order.email,
        phone,
        street: order.address_street,
        city: order.address_city,
        state: order.governorate_en,
      },
      // Paymob appends its own `order` (its order id) to the redirection URL: ours travels as shop_order there.
      returnUrl:
        input.provider === 'paymob'
          ? `${input.origin}/api/payments/paymob/response?shop_order=${order.id}&lang=${input.locale}`
          : `${input.origin}/api/payments/return?${back}`,
      cancelUrl: `${input.origin}/api/opay/cancel?${back}`,
      callbackUrl: `${input.origin}/api/payments/${input.provider}/callback`,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    log().error({ provider: input.provider, order: order.id, reason: error.message }, 'could not start a payment');
    throw new Problem(502, 'orders.paymentStartFailed');
  }
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await openPayment(trx, {
      order_id: order.id,
      provider: input.provider,
      tran_ref: created.tranRef,
      reference,
      amount: order.total,
      currency: 'EGP',
      created_at: now,
      updated_at: now,
      // A Fawry reference is known at once: it holds the stock until it expires, like a kiosk code.
      ...(created.billReference ? { bill_reference: created.billReference, expires_at: created.expiresAt ?? null } : {}),
    });
    // The shopper gets the code by WhatsApp or SMS too, committed with the payment row (docs/messaging.md).
    if (created.billReference) await queueOrderMessage(trx, order.id, 'payment_code');
  });
  return { redirect_url: created.redirectUrl };
}
